import type { Connection, ConnectionMetadata, Id, RelationshipType } from '@pid/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { optimisticList } from './optimistic-list';
import { viewerKeys } from './query-keys';

export interface NewConnection {
  drawing: Id;
  name: string;
  description: string;
  relationshipType: RelationshipType;
  customRelationshipType?: string;
  source: Id;
  target: Id;
  confirmed: boolean;
  metadata: ConnectionMetadata;
}

/** An end of a connection as an id (responses may carry the element object). */
export function endId(end: Connection['source']): Id {
  return typeof end === 'string' ? end : end._id;
}

export function getConnections(drawingId: string): Promise<Connection[]> {
  return apiRequest<Connection[]>(`/api/drawings/${encodeURIComponent(drawingId)}/connections`);
}

export function connectionsQueryOptions(drawingId: string) {
  return queryOptions({ queryKey: viewerKeys.connections(drawingId), queryFn: () => getConnections(drawingId) });
}

export function useConnections(drawingId: string) {
  return useQuery(connectionsQueryOptions(drawingId));
}

export function createConnection(connection: NewConnection): Promise<Connection> {
  return apiRequest<Connection>('/api/connections', { method: 'POST', body: connection });
}

export function updateConnection({ id, changes }: { id: string; changes: Partial<NewConnection> }): Promise<Connection> {
  return apiRequest<Connection>(`/api/connections/${encodeURIComponent(id)}`, { method: 'PUT', body: changes });
}

export function deleteConnection(id: string): Promise<unknown> {
  return apiRequest(`/api/connections/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** The record as the API takes it back: ends as ids. */
export function toConnectionBody(connection: Connection): NewConnection {
  return {
    drawing: connection.drawing,
    name: connection.name,
    description: connection.description,
    relationshipType: connection.relationshipType,
    customRelationshipType: connection.customRelationshipType,
    source: endId(connection.source),
    target: endId(connection.target),
    confirmed: connection.confirmed,
    metadata: connection.metadata,
  };
}

export function useConnectionMutations(drawingId: string) {
  const queryClient = useQueryClient();
  const list = optimisticList<Connection>(queryClient, viewerKeys.connections(drawingId));
  return {
    create: useMutation({ mutationFn: createConnection, mutationKey: list.mutationKey, onSettled: list.settle }),
    update: useMutation({
      mutationFn: updateConnection,
      mutationKey: list.mutationKey,
      // Shown at once (a moved element's paths follow it without waiting for the server).
      onMutate: ({ id, changes }) =>
        list.apply((items) =>
          items.map((connection) =>
            connection._id === id ? { ...connection, ...changes, metadata: { ...connection.metadata, ...changes.metadata } } : connection,
          ),
        ),
      onSettled: list.settle,
    }),
    remove: useMutation({ mutationFn: deleteConnection, mutationKey: list.mutationKey, onSettled: list.settle }),
  };
}
