import type { Connection, ConnectionMetadata, RelationshipType } from '@pid/contracts';
import type { GraphItemRows } from '../graph-items/graph-item-rows';

/** The columns a connection is answered from, in SQL. */
export const CONNECTION_COLUMNS =
  'id, drawing_id, page, source_id, target_id, name, description, relationship_type, custom_relationship_type, confirmed, metadata';

export interface ConnectionRow {
  id: string;
  drawing_id: string;
  page: number;
  source_id: string;
  target_id: string;
  name: string;
  description: string;
  relationship_type: RelationshipType;
  custom_relationship_type: string | null;
  confirmed: boolean;
  metadata: ConnectionMetadata;
}

/** A connection row in the API's shape (spec §3); `customRelationshipType` only when set. */
export function presentConnection(row: ConnectionRow): Connection {
  return {
    _id: row.id,
    drawing: row.drawing_id,
    page: row.page,
    source: row.source_id,
    target: row.target_id,
    name: row.name,
    description: row.description,
    relationshipType: row.relationship_type,
    ...(row.custom_relationship_type !== null && { customRelationshipType: row.custom_relationship_type }),
    confirmed: row.confirmed,
    metadata: row.metadata,
  };
}

export const CONNECTION_ROWS: GraphItemRows<ConnectionRow, Connection> = {
  table: 'connections',
  columns: CONNECTION_COLUMNS,
  present: presentConnection,
};
