import { randomUUID } from 'node:crypto';
import type { BoundingBox } from '@pid/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { isDrawingDeleted, lockDrawingGraph } from '../database/drawing-lock';
import type { AnalysisResult } from './analysis-result.parser';
import { bestOverlap } from './box-overlap';
import { linkOffPageConnectors, type OffPageLinkCount } from './off-page-links';
import { queryRows } from '@pid/platform';

/**
 * Machine output that a new analysis run replaces: what the analysis produced and the user has not
 * confirmed. Everything else (user-made, confirmed, or of unknown origin) is kept.
 */
const REPLACEABLE = `(NOT confirmed AND metadata->>'source' = 'analysis')`;

export type ApplyOutcome =
  | { status: 'duplicate' }
  | { status: 'drawing-deleted' }
  | {
      status: 'applied';
      /** Elements and connections written by this run. */
      inserted: { elements: number; connections: number };
      /** Previous machine output removed. */
      replaced: { elements: number; connections: number };
      /** New detections that matched a kept element and were merged into it instead of being duplicated. */
      mergedIntoKept: number;
      /** Kept connections moved from a replaced element to its new counterpart, or dropped for lack of one. */
      relinked: number;
      dropped: number;
      /** Off-page links made: connections within the drawing, and `continues_on` pairs with the user's other drawings. */
      offPageLinks: OffPageLinkCount;
    };

interface StoredElement {
  id: string;
  element_type: string;
  page: number;
  box: BoundingBox;
  replaceable: boolean;
}

interface KeptConnection {
  id: string;
  source_id: string;
  target_id: string;
}

/** A new detection as it ends up: inserted under a fresh id, or merged into a kept element. */
interface Placed {
  id: string;
  box: BoundingBox;
}

/**
 * Applies one analysis run to its drawing's graph, in one transaction under the drawing's lock:
 * - at most once per `jobId`: a redelivered result finds its run recorded and changes nothing;
 * - the previous machine output is replaced; items the user created or confirmed are kept;
 * - a new detection that overlaps a kept element of the same type on the same page (IoU ≥ 0.5) is merged into it;
 * - kept connections that pointed at replaced elements are re-linked to the new element of the same
 *   type and page that overlaps the old box most (IoU ≥ 0.5), or dropped: none is left dangling;
 * - off-page connectors that name the same continuation are linked (`linkOffPageConnectors`);
 * - a deleted drawing stays deleted.
 */
export async function applyAnalysisResult(db: DataSource, result: AnalysisResult): Promise<ApplyOutcome> {
  return db.transaction((manager) => applyAnalysisResultWith(manager, result));
}

/** `applyAnalysisResult` inside the caller's transaction. */
export async function applyAnalysisResultWith(manager: EntityManager, result: AnalysisResult): Promise<ApplyOutcome> {
  await lockDrawingGraph(manager, result.drawingId);
  const claimed = await queryRows(
    manager,
    `INSERT INTO applied_analysis_runs (job_id, drawing_id, user_id) VALUES ($1, $2, $3)
     ON CONFLICT (job_id) DO NOTHING RETURNING job_id`,
    [result.jobId, result.drawingId, result.userId],
  );
  if (claimed.length === 0) return { status: 'duplicate' };
  if (await isDrawingDeleted(manager, result.drawingId)) return { status: 'drawing-deleted' };

  const stored = await storedElements(manager, result.drawingId);
  const keptByType = groupByTypeAndPage(stored.filter((element) => !element.replaceable));
  const replaced = new Map(stored.filter((element) => element.replaceable).map((element) => [element.id, element]));

  // Place each detection: merged into a kept element it duplicates, or new.
  const idByKey = new Map<string, string>();
  const placedByType = new Map<string, Placed[]>();
  const toInsert: Array<{ id: string; element: AnalysisResult['elements'][number] }> = [];
  let mergedIntoKept = 0;
  for (const element of result.elements) {
    const group = typeAndPage(element.elementType, element.page);
    const kept = bestOverlap(element.box, keptByType.get(group) ?? []);
    const id = kept?.id ?? randomUUID();
    if (kept) mergedIntoKept++;
    else toInsert.push({ id, element });
    idByKey.set(element.key, id);
    pushTo(placedByType, group, { id, box: element.box });
  }

  const replacedConnections = await queryRows<{ id: string }>(
    manager,
    `DELETE FROM connections WHERE drawing_id = $1 AND ${REPLACEABLE} RETURNING id`,
    [result.drawingId],
  );
  await insertElements(manager, result, toInsert);

  // Kept connections: re-link the ends that sat on replaced elements, or drop the connection.
  const keptConnections = await queryRows<KeptConnection>(
    manager,
    'SELECT id, source_id, target_id FROM connections WHERE drawing_id = $1',
    [result.drawingId],
  );
  const counterpart = (elementId: string): string | undefined => {
    const old = replaced.get(elementId);
    if (!old) return elementId;
    return bestOverlap(old.box, placedByType.get(typeAndPage(old.element_type, old.page)) ?? [])?.id;
  };
  const relinks: KeptConnection[] = [];
  const drops: string[] = [];
  const connectedPairs = new Set<string>();
  for (const connection of keptConnections) {
    if (!replaced.has(connection.source_id) && !replaced.has(connection.target_id)) {
      connectedPairs.add(pairKey(connection.source_id, connection.target_id));
      continue;
    }
    const source = counterpart(connection.source_id);
    const target = counterpart(connection.target_id);
    if (!source || !target || source === target) drops.push(connection.id);
    else {
      relinks.push({ id: connection.id, source_id: source, target_id: target });
      connectedPairs.add(pairKey(source, target));
    }
  }
  if (drops.length > 0) await manager.query('DELETE FROM connections WHERE id = ANY($1::uuid[])', [drops]);
  if (relinks.length > 0) {
    await manager.query(
      `UPDATE connections AS c SET source_id = r.source_id, target_id = r.target_id, updated_at = now()
       FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, source_id uuid, target_id uuid)
       WHERE c.id = r.id`,
      [JSON.stringify(relinks)],
    );
  }
  const replacedElements = await queryRows<{ id: string }>(
    manager,
    `DELETE FROM elements WHERE drawing_id = $1 AND ${REPLACEABLE} AND metadata->>'analysisRunId' IS DISTINCT FROM $2 RETURNING id`,
    [result.drawingId, result.jobId],
  );

  // New connections, between the placed ids; none that a kept connection already makes, none from an element to itself.
  const connections = result.connections
    .map((connection) => ({ ...connection, sourceId: idByKey.get(connection.sourceKey)!, targetId: idByKey.get(connection.targetKey)! }))
    .filter(
      (connection) => connection.sourceId !== connection.targetId && !connectedPairs.has(pairKey(connection.sourceId, connection.targetId)),
    );
  await insertConnections(manager, result, connections);

  const offPageLinks = await linkOffPageConnectors(manager, result);

  await manager.query('UPDATE applied_analysis_runs SET element_count = $2, connection_count = $3 WHERE job_id = $1', [
    result.jobId,
    toInsert.length,
    connections.length + offPageLinks.pageLinks,
  ]);
  return {
    status: 'applied',
    inserted: { elements: toInsert.length, connections: connections.length },
    replaced: { elements: replacedElements.length, connections: replacedConnections.length },
    mergedIntoKept,
    relinked: relinks.length,
    dropped: drops.length,
    offPageLinks,
  };
}

async function storedElements(manager: EntityManager, drawingId: string): Promise<StoredElement[]> {
  const rows = await queryRows<{
    id: string;
    element_type: string;
    page: number;
    x: number;
    y: number;
    width: number;
    height: number;
    replaceable: boolean;
  }>(
    manager,
    `SELECT id, element_type, page, x, y, width, height, COALESCE(${REPLACEABLE}, false) AS replaceable FROM elements WHERE drawing_id = $1`,
    [drawingId],
  );
  return rows.map(({ id, element_type, page, x, y, width, height, replaceable }) => ({
    id,
    element_type,
    page,
    box: { x, y, width, height },
    replaceable,
  }));
}

/** One statement for thousands of rows: the rows travel as one JSON document, in the analysis's order. */
async function insertElements(
  manager: EntityManager,
  result: AnalysisResult,
  rows: Array<{ id: string; element: AnalysisResult['elements'][number] }>,
): Promise<void> {
  if (rows.length === 0) return;
  const records = rows.map(({ id, element }, ord) => ({
    ord,
    id,
    page: element.page,
    element_type: element.elementType,
    name: element.name,
    description: element.description,
    ...element.box,
    metadata: element.metadata,
  }));
  await manager.query(
    `INSERT INTO elements (id, drawing_id, user_id, page, element_type, name, description, x, y, width, height, confirmed, metadata)
     SELECT r.id, $2, $3, r.page, r.element_type, r.name, r.description, r.x, r.y, r.width, r.height, false, r.metadata
     FROM jsonb_to_recordset($1::jsonb) AS r(
       ord integer, id uuid, page integer, element_type text, name text, description text,
       x double precision, y double precision, width double precision, height double precision, metadata jsonb)
     ORDER BY r.ord`,
    [JSON.stringify(records), result.drawingId, result.userId],
  );
}

async function insertConnections(
  manager: EntityManager,
  result: AnalysisResult,
  connections: Array<AnalysisResult['connections'][number] & { sourceId: string; targetId: string }>,
): Promise<void> {
  if (connections.length === 0) return;
  const records = connections.map((connection, ord) => ({
    ord,
    page: connection.page,
    source_id: connection.sourceId,
    target_id: connection.targetId,
    name: connection.name,
    description: connection.description,
    relationship_type: connection.relationshipType,
    metadata: connection.metadata,
  }));
  await manager.query(
    `INSERT INTO connections (drawing_id, user_id, page, source_id, target_id, name, description, relationship_type, confirmed, metadata)
     SELECT $2, $3, r.page, r.source_id, r.target_id, r.name, r.description, r.relationship_type, false, r.metadata
     FROM jsonb_to_recordset($1::jsonb) AS r(
       ord integer, page integer, source_id uuid, target_id uuid, name text, description text, relationship_type text, metadata jsonb)
     ORDER BY r.ord`,
    [JSON.stringify(records), result.drawingId, result.userId],
  );
}

/** Detections are matched to kept elements of the same type on the same page only. */
const typeAndPage = (elementType: string, page: number) => `${elementType}@${page}`;

function groupByTypeAndPage<Item extends { element_type: string; page: number }>(items: Item[]): Map<string, Item[]> {
  const groups = new Map<string, Item[]>();
  for (const item of items) pushTo(groups, typeAndPage(item.element_type, item.page), item);
  return groups;
}

function pushTo<Item>(groups: Map<string, Item[]>, key: string, item: Item): void {
  const group = groups.get(key);
  if (group) group.push(item);
  else groups.set(key, [item]);
}

/** Connections are compared without direction: a detection of B–A duplicates a kept A→B. */
function pairKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}
