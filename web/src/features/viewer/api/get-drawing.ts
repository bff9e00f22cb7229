import type { Drawing, ProcessingStatusResponse } from '@pid/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { viewerKeys } from './query-keys';

export function getDrawing(id: string): Promise<Drawing> {
  return apiRequest<Drawing>(`/api/drawings/${encodeURIComponent(id)}`);
}

export function drawingQueryOptions(id: string) {
  return queryOptions({ queryKey: viewerKeys.drawing(id), queryFn: () => getDrawing(id) });
}

export function useDrawing(id: string) {
  return useQuery(drawingQueryOptions(id));
}

/** GET /api/drawings/:id/status, polled by the viewer every 5 s while processing. */
export function getProcessingStatus(id: string): Promise<ProcessingStatusResponse> {
  return apiRequest<ProcessingStatusResponse>(`/api/drawings/${encodeURIComponent(id)}/status`);
}
