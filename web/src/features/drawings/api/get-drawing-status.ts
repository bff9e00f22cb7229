import type { Drawing, ProcessingStatusResponse } from '@pid/contracts';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/drawings/:id/status. */
export function getDrawingStatus(id: string): Promise<ProcessingStatusResponse> {
  return apiRequest<ProcessingStatusResponse>(`/api/drawings/${encodeURIComponent(id)}/status`);
}

/** Merges a status answer (or a realtime progress event) into the drawing (spec §4). */
export function mergeStatus(drawing: Drawing, update: { status: Drawing['status']; message?: string; progress?: number }): Drawing {
  return {
    ...drawing,
    status: update.status,
    processingMessage: update.message ?? drawing.processingMessage,
    metadata: { ...drawing.metadata, processingProgress: update.progress ?? drawing.metadata?.processingProgress },
  };
}
