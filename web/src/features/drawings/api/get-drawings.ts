import type { Drawing } from '@pid/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { drawingKeys } from './query-keys';

/** GET /api/drawings: the user's drawings, newest first. */
export function getDrawings(): Promise<Drawing[]> {
  return apiRequest<Drawing[]>('/api/drawings');
}

export function drawingsQueryOptions() {
  return queryOptions({ queryKey: drawingKeys.list(), queryFn: getDrawings });
}

export function useDrawings() {
  return useQuery(drawingsQueryOptions());
}
