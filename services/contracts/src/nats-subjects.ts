/**
 * Every NATS subject, JetStream stream and durable consumer in one place, with its payload type.
 * Core NATS request/reply for look-ups; JetStream for work that must not be lost.
 */
import type {
  AnalysisSource,
  BoundingBox,
  Connection,
  ConnectionMetadata,
  DrawingElement,
  DrawingStatus,
  GraphItemMetadata,
  Id,
  ImageSize,
  RelationshipType,
} from './api';
import type { ElementType } from './element-types';

export const SUBJECTS = {
  /** Request/reply to auth: `UserLookupRequest` → `UserLookupReply`. */
  userLookup: 'auth.user.lookup',
  /** Request/reply to billing: `SubscriptionLookupRequest` → `SubscriptionLookupReply`. */
  subscriptionLookup: 'billing.subscription.lookup',
  /** Event from billing whenever a user's subscription changes. */
  subscriptionChanged: 'billing.subscription.changed',
  /** JetStream work queue: one message per analysis job. */
  analysisJob: 'analysis.jobs.run',
  /** Progress of a drawing's processing, for the gateway's sockets and the drawing service. */
  drawingProgress: 'drawing.progress',
  /** Request/reply to drawing: `DrawingLookupRequest` → `DrawingLookupReply` (ownership checks in graph). */
  drawingLookup: 'drawing.lookup',
  /** JetStream: the result of one analysis run. */
  analysisResult: 'analysis.results.ready',
  /** JetStream: an analysis run given up for good; the drawing becomes `error` with this message. */
  analysisFailed: 'analysis.results.failed',
  /** JetStream, from graph: a run's elements and connections are saved; the drawing becomes `completed`. */
  analysisApplied: 'analysis.results.applied',
  /** JetStream: a drawing was deleted; graph removes its elements and connections. */
  drawingDeleted: 'drawing.events.deleted',
  /** Request/reply to graph: `GraphExportRequest` → `GraphExportReply` (a drawing's elements and connections, for export). */
  graphExport: 'graph.export',
} as const;

export const STREAMS = {
  analysisJobs: { name: 'ANALYSIS_JOBS', subjects: ['analysis.jobs.>'] },
  analysisResults: { name: 'ANALYSIS_RESULTS', subjects: ['analysis.results.>'] },
  drawingEvents: { name: 'DRAWING_EVENTS', subjects: ['drawing.events.>'] },
} as const;

/**
 * JetStream key-value buckets. `tokenVersions`: user id → the token version (a decimal number) that
 * auth raised on a password reset or e-mail change; login tokens with a lower `ver` are refused.
 */
export const KV_BUCKETS = {
  tokenVersions: 'AUTH_TOKEN_VERSIONS',
} as const;

export const CONSUMERS = {
  analysisWorkers: 'analysis-workers',
  graphResults: 'graph-analysis-results',
  drawingResults: 'drawing-analysis-results',
  drawingFailures: 'drawing-analysis-failures',
  drawingApplied: 'drawing-analysis-applied',
  graphDrawingEvents: 'graph-drawing-events',
} as const;

export interface UserLookupRequest {
  userId: Id;
}

export interface UserLookupReply {
  user: { _id: Id; username: string; email: string; isEmailVerified: boolean } | null;
}

export interface SubscriptionLookupRequest {
  userId: Id;
}

export interface SubscriptionLookupReply {
  isActive: boolean;
  subscriptionId: string | null;
  status: string | null;
  currentPeriodEnd: string | null;
}

export interface SubscriptionChangedEvent extends SubscriptionLookupReply {
  userId: Id;
}

export interface AnalysisJob {
  jobId: string;
  drawingId: Id;
  userId: Id;
  objectKey: string;
  contentType: string;
  /** PDFs: the number of pages; the worker analyses pages 1..pageCount (default: the file's own count). */
  pageCount?: number;
  /** Only this page (1-based) instead of every page. */
  page?: number;
}

/** The realtime event of spec §3; the gateway forwards it as `drawingProgress` to the owner. */
export interface DrawingProgressEvent {
  drawingId: Id;
  userId: Id;
  status: DrawingStatus;
  message: string;
  progress: number;
  jobId?: string;
  imageSize?: ImageSize;
}

export interface DrawingLookupRequest {
  drawingId: Id;
  /** Only a drawing of this user is found: another user's id answers null, like an unknown one. */
  userId: Id;
}

export interface DrawingLookupReply {
  drawing: { _id: Id; userId: Id; status: DrawingStatus; imageSize?: ImageSize; pageCount?: number } | null;
}

/**
 * An element as the analysis found it; `key` is unique within its run (across its pages) and names it in
 * connections. A connection lies on its ends' page.
 */
export interface AnalysisElement {
  key: string;
  elementType: ElementType;
  name: string;
  description: string;
  boundingBox: BoundingBox;
  page?: number;
  metadata: GraphItemMetadata & { confidence: number };
}

export interface AnalysisConnection {
  key: string;
  sourceKey: string;
  targetKey: string;
  relationshipType: RelationshipType;
  name?: string;
  description?: string;
  metadata: ConnectionMetadata & { confidence: number };
}

/** One analysed page of a run. */
export interface AnalysisPageSummary {
  page: number;
  /** The page's `/file` image size: the pixel space of its boxes. */
  imageSize: ImageSize;
  source: AnalysisSource;
}

/**
 * One analysis run's output; keys are unique across its pages. Consumers apply it idempotently per `jobId`.
 * A run too large for one NATS message is sent in parts: every part carries the whole envelope (ids,
 * `imageSize`, `pages`) and a slice of the items, under message id `result-<jobId>-<resultId>-<index>`;
 * the graph service applies the run once every part of one `resultId` has arrived, the drawing service
 * completes on the last part (published last). A run in one message has no `part` and message id `result-<jobId>`.
 */
export interface AnalysisResultEvent {
  jobId: string;
  drawingId: Id;
  userId: Id;
  /** Page 1's image size. */
  imageSize: ImageSize;
  /** Every analysed page, in order. */
  pages?: AnalysisPageSummary[];
  elements: AnalysisElement[];
  connections: AnalysisConnection[];
  part?: AnalysisResultPart;
}

export interface AnalysisResultPart {
  /** Names one split of the run (a hash of its content): parts of different splits never mix. */
  resultId: string;
  /** 1-based. */
  index: number;
  count: number;
}

/** The graph service saved a run's result: only now can the drawing's elements be read. */
export interface AnalysisAppliedEvent {
  jobId: string;
  drawingId: Id;
  userId: Id;
}

export interface AnalysisFailedEvent {
  jobId: string;
  drawingId: Id;
  userId: Id;
  /** Readable by the user: "PDF is password-protected", "image too large", … */
  message: string;
}

export interface DrawingDeletedEvent {
  drawingId: Id;
  userId: Id;
}

export interface GraphExportRequest {
  drawingId: Id;
  /** The drawing's owner; the drawing service has checked ownership before asking. */
  userId: Id;
}

/** Every element and connection of one drawing; empty lists for a drawing that was never analysed. */
export interface GraphExportReply {
  elements: DrawingElement[];
  connections: Connection[];
}

export function isGraphExportReply(value: unknown): value is GraphExportReply {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as GraphExportReply).elements) &&
    Array.isArray((value as GraphExportReply).connections)
  );
}

export function isSubscriptionLookupReply(value: unknown): value is SubscriptionLookupReply {
  return typeof value === 'object' && value !== null && typeof (value as SubscriptionLookupReply).isActive === 'boolean';
}

export function isUserLookupReply(value: unknown): value is UserLookupReply {
  return typeof value === 'object' && value !== null && 'user' in value;
}
