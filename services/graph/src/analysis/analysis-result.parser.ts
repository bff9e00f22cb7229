import {
  DEFAULT_RELATIONSHIP_TYPE,
  isElementType,
  MAX_DRAWING_PAGES,
  RELATIONSHIP_TYPES,
  type BoundingBox,
  type ConnectionMetadata,
  type ElementType,
  type GraphItemMetadata,
  type RelationshipType,
} from '@pid/contracts';
import { isUuid, PermanentJobError } from '@pid/platform';
import { DESCRIPTION_MAX_LENGTH, NAME_MAX_LENGTH } from '../validation/graph-fields';
import { checkPath } from '../validation/path-segments';

/** Bounds one run's output; a real drawing has a few thousand items. */
export const MAX_RESULT_ITEMS = 100_000;
const MAX_JOB_ID_LENGTH = 200;

export interface ResultElement {
  key: string;
  elementType: ElementType;
  name: string;
  description: string;
  box: BoundingBox;
  page: number;
  metadata: GraphItemMetadata;
}

export interface ResultConnection {
  /** Its source element's page. */
  page: number;
  sourceKey: string;
  targetKey: string;
  relationshipType: RelationshipType;
  name: string;
  description: string;
  metadata: ConnectionMetadata;
}

/** An `AnalysisResultEvent`, checked, with its items ready to store. */
export interface AnalysisResult {
  jobId: string;
  drawingId: string;
  userId: string;
  elements: ResultElement[];
  connections: ResultConnection[];
  /** Items left out because they were malformed (logged, never stored). */
  skipped: { elements: number; connections: number };
}

type Loose = Record<string, unknown>;

const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value);
const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const text = (value: unknown, maxLength: number) => (typeof value === 'string' ? value.slice(0, maxLength) : '');

/**
 * Checks an analysis result as it comes off the stream. A malformed envelope is a permanent failure
 * (retrying cannot fix it); a malformed item is left out and counted, so that one bad box does not
 * cost the user the whole analysis. Metadata gets `source: 'analysis'` and the run id.
 */
export function parseAnalysisResult(payload: unknown): AnalysisResult {
  if (!isObject(payload)) throw new PermanentJobError('analysis result is not an object');
  const { jobId, drawingId, userId, elements, connections } = payload;
  if (typeof jobId !== 'string' || jobId.length === 0 || jobId.length > MAX_JOB_ID_LENGTH)
    throw new PermanentJobError('analysis result has no valid jobId');
  if (!isUuid(drawingId) || !isUuid(userId)) throw new PermanentJobError('analysis result has no valid drawingId and userId');
  if (!Array.isArray(elements) || !Array.isArray(connections))
    throw new PermanentJobError('analysis result has no element and connection lists');
  if (elements.length > MAX_RESULT_ITEMS || connections.length > MAX_RESULT_ITEMS)
    throw new PermanentJobError('analysis result is too large');

  const result: AnalysisResult = {
    jobId,
    drawingId: drawingId.toLowerCase(),
    userId: userId.toLowerCase(),
    elements: [],
    connections: [],
    skipped: { elements: 0, connections: 0 },
  };
  const pageByKey = new Map<string, number>();
  for (const item of elements) {
    const element = parseElement(item, jobId);
    if (!element || pageByKey.has(element.key)) result.skipped.elements++;
    else {
      pageByKey.set(element.key, element.page);
      result.elements.push(element);
    }
  }
  for (const item of connections) {
    const connection = parseConnection(item, jobId);
    const linksKnownElements = connection && pageByKey.has(connection.sourceKey) && pageByKey.has(connection.targetKey);
    if (!connection || !linksKnownElements || connection.sourceKey === connection.targetKey) result.skipped.connections++;
    else result.connections.push({ ...connection, page: pageByKey.get(connection.sourceKey)! });
  }
  return result;
}

function parseElement(item: unknown, jobId: string): ResultElement | undefined {
  if (!isObject(item) || typeof item.key !== 'string' || !isElementType(item.elementType) || !isObject(item.boundingBox)) return undefined;
  const { x, y, width, height } = item.boundingBox;
  if (![x, y, width, height].every(isFiniteNumber)) return undefined;
  const box = { x, y, width, height } as BoundingBox;
  if (box.width <= 0 || box.height <= 0) return undefined;
  const page =
    Number.isInteger(item.page) && (item.page as number) >= 1 && (item.page as number) <= MAX_DRAWING_PAGES ? (item.page as number) : 1;
  const metadata = isObject(item.metadata) ? item.metadata : {};
  return {
    key: item.key,
    elementType: item.elementType,
    name: text(item.name, NAME_MAX_LENGTH),
    description: text(item.description, DESCRIPTION_MAX_LENGTH),
    box,
    page,
    metadata: { ...metadata, source: 'analysis', analysisRunId: jobId },
  };
}

function parseConnection(item: unknown, jobId: string): Omit<ResultConnection, 'page'> | undefined {
  if (!isObject(item) || typeof item.sourceKey !== 'string' || typeof item.targetKey !== 'string') return undefined;
  // The analysis has no text for a custom type: anything but a named type is the default.
  const named = (RELATIONSHIP_TYPES as readonly unknown[]).includes(item.relationshipType) && item.relationshipType !== 'custom';
  const { path_data: pathData, ...metadata } = isObject(item.metadata) ? item.metadata : {};
  const path = isObject(pathData) ? checkPath(pathData.path) : undefined;
  return {
    sourceKey: item.sourceKey,
    targetKey: item.targetKey,
    relationshipType: named ? (item.relationshipType as RelationshipType) : DEFAULT_RELATIONSHIP_TYPE,
    name: text(item.name, NAME_MAX_LENGTH),
    description: text(item.description, DESCRIPTION_MAX_LENGTH),
    // A malformed route is dropped; the connection itself still holds.
    metadata: { ...metadata, ...(Array.isArray(path) && { path_data: { path } }), source: 'analysis', analysisRunId: jobId },
  };
}
