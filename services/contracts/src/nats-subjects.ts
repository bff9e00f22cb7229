/**
 * Every NATS subject, JetStream stream and durable consumer in one place, with its payload type.
 * Core NATS request/reply for look-ups; JetStream for work that must not be lost.
 */
import type { DrawingStatus, Id, ImageSize } from './api';

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
  /** JetStream: the result of one analysis run. */
  analysisResult: 'analysis.results.ready',
  /** JetStream: a drawing was deleted; graph removes its elements and connections. */
  drawingDeleted: 'drawing.events.deleted',
} as const;

export const STREAMS = {
  analysisJobs: { name: 'ANALYSIS_JOBS', subjects: ['analysis.jobs.>'] },
  analysisResults: { name: 'ANALYSIS_RESULTS', subjects: ['analysis.results.>'] },
  drawingEvents: { name: 'DRAWING_EVENTS', subjects: ['drawing.events.>'] },
} as const;

export const CONSUMERS = {
  analysisWorkers: 'analysis-workers',
  graphResults: 'graph-analysis-results',
  drawingResults: 'drawing-analysis-results',
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

export interface DrawingDeletedEvent {
  drawingId: Id;
  userId: Id;
}
