import type { BoundingBox, DrawingElement } from '@pid/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { viewerKeys } from './query-keys';

export type NewElement = Omit<DrawingElement, '_id' | 'metadata'>;

export function getElements(drawingId: string): Promise<DrawingElement[]> {
  return apiRequest<DrawingElement[]>(`/api/drawings/${encodeURIComponent(drawingId)}/elements`);
}

export function elementsQueryOptions(drawingId: string) {
  return queryOptions({ queryKey: viewerKeys.elements(drawingId), queryFn: () => getElements(drawingId) });
}

export function useElements(drawingId: string) {
  return useQuery(elementsQueryOptions(drawingId));
}

export function createElement(element: NewElement): Promise<DrawingElement> {
  return apiRequest<DrawingElement>('/api/elements', { method: 'POST', body: element });
}

/** PUT /api/elements/:id with the whole element, or only `{ boundingBox }` after a drag. */
export function updateElement({
  id,
  changes,
}: {
  id: string;
  changes: Partial<DrawingElement> | { boundingBox: BoundingBox };
}): Promise<DrawingElement> {
  return apiRequest<DrawingElement>(`/api/elements/${encodeURIComponent(id)}`, { method: 'PUT', body: changes });
}

export function deleteElement(id: string): Promise<unknown> {
  return apiRequest(`/api/elements/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** The element mutations of one drawing; each refreshes the element (and, for deletes, connection) lists. */
export function useElementMutations(drawingId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: viewerKeys.elements(drawingId) });
  const setLocal = (id: string, changes: Partial<DrawingElement>) =>
    queryClient.setQueryData<DrawingElement[]>(viewerKeys.elements(drawingId), (list) =>
      list?.map((element) => (element._id === id ? { ...element, ...changes } : element)),
    );
  return {
    create: useMutation({ mutationFn: createElement, onSettled: refresh }),
    update: useMutation({
      mutationFn: updateElement,
      onMutate: ({ id, changes }) => setLocal(id, changes),
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: deleteElement,
      // Gone from the list at once: the rows below stay where they are, and review mode moves on.
      onMutate: (id) =>
        queryClient.setQueryData<DrawingElement[]>(viewerKeys.elements(drawingId), (list) => list?.filter((element) => element._id !== id)),
      onSettled: () => {
        void refresh();
        void queryClient.invalidateQueries({ queryKey: viewerKeys.connections(drawingId) });
      },
    }),
  };
}
