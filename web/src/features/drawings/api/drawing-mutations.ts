import type { Drawing } from '@pid/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { exportDrawing } from '../../../lib/drawing-export';
import { drawingKeys } from './query-keys';

const drawingUrl = (id: string) => `/api/drawings/${encodeURIComponent(id)}`;

/** POST /api/drawings/:id/process. */
export function processDrawing(id: string): Promise<unknown> {
  if (!id) return Promise.reject(new Error('Drawing ID is required for processing'));
  return apiRequest(`${drawingUrl(id)}/process`, { method: 'POST' });
}

/** PUT /api/drawings/:id with the new name. */
export function renameDrawing({ id, name }: { id: string; name: string }): Promise<Drawing> {
  return apiRequest<Drawing>(drawingUrl(id), { method: 'PUT', body: { name } });
}

/** DELETE /api/drawings/:id. */
export function deleteDrawing(id: string): Promise<unknown> {
  return apiRequest(drawingUrl(id), { method: 'DELETE' });
}

function updateList(queryClient: ReturnType<typeof useQueryClient>, update: (list: Drawing[]) => Drawing[]) {
  queryClient.setQueryData<Drawing[]>(drawingKeys.list(), (list) => (list ? update(list) : list));
}

/** Starts processing and marks the drawing processing at once with "Processing started". */
export function useProcessDrawing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: processDrawing,
    onSuccess: (_data, id) =>
      updateList(queryClient, (list) =>
        list.map((drawing) =>
          drawing._id === id
            ? {
                ...drawing,
                status: 'processing',
                processingMessage: 'Processing started',
                metadata: { ...drawing.metadata, processingProgress: 0 },
              }
            : drawing,
        ),
      ),
  });
}

export function useRenameDrawing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameDrawing,
    onSuccess: (_data, { id, name }) =>
      updateList(queryClient, (list) => list.map((drawing) => (drawing._id === id ? { ...drawing, name } : drawing))),
    onError: (error) => console.error('Rename failed', error),
  });
}

export function useDeleteDrawing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDrawing,
    onSuccess: (_data, id) => updateList(queryClient, (list) => list.filter((drawing) => drawing._id !== id)),
    onError: (error) => console.error('Delete failed', error),
  });
}

export function useExportDrawing() {
  return useMutation({ mutationFn: exportDrawing, onError: (error) => console.error('Export failed', error) });
}
