import type { BoundingBox, DrawingElement } from '@pid/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { optimisticList } from './optimistic-list';
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
  const list = optimisticList<DrawingElement>(queryClient, viewerKeys.elements(drawingId));
  return {
    create: useMutation({ mutationFn: createElement, mutationKey: list.mutationKey, onSettled: list.settle }),
    update: useMutation({
      mutationFn: updateElement,
      mutationKey: list.mutationKey,
      onMutate: ({ id, changes }) =>
        list.apply((items) => items.map((element) => (element._id === id ? { ...element, ...changes } : element))),
      onSettled: list.settle,
    }),
    remove: useMutation({
      mutationFn: deleteElement,
      mutationKey: list.mutationKey,
      // Gone from the list at once: the rows below stay where they are, and review mode moves on.
      onMutate: (id) => list.apply((items) => items.filter((element) => element._id !== id)),
      onSettled: () => {
        void list.settle();
        void queryClient.invalidateQueries({ queryKey: viewerKeys.connections(drawingId) });
      },
    }),
  };
}
