import type { DrawingElement, ElementType, GraphItemMetadata } from '@pid/contracts';
import type { EntityManager } from 'typeorm';
import { queryRows } from '@pid/platform';

/** The columns an element is answered from, in SQL. */
export const ELEMENT_COLUMNS = 'id, drawing_id, page, element_type, name, description, x, y, width, height, confirmed, metadata';

export interface ElementRow {
  id: string;
  drawing_id: string;
  page: number;
  element_type: ElementType;
  name: string;
  description: string;
  x: number;
  y: number;
  width: number;
  height: number;
  confirmed: boolean;
  metadata: GraphItemMetadata;
}

/** An element row in the API's shape (spec §3). */
export function presentElement(row: ElementRow): DrawingElement {
  return {
    _id: row.id,
    drawing: row.drawing_id,
    page: row.page,
    elementType: row.element_type,
    name: row.name,
    description: row.description,
    boundingBox: { x: row.x, y: row.y, width: row.width, height: row.height },
    confirmed: row.confirmed,
    metadata: row.metadata,
  };
}

/** One drawing's elements of one user, in list order, in the API's shape. */
export async function selectElements(manager: EntityManager, drawingId: string, userId: string): Promise<DrawingElement[]> {
  const rows = await queryRows<ElementRow>(
    manager,
    `SELECT ${ELEMENT_COLUMNS} FROM elements WHERE drawing_id = $1 AND user_id = $2 ORDER BY seq`,
    [drawingId, userId],
  );
  return rows.map(presentElement);
}
