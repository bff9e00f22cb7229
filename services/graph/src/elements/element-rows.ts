import type { DrawingElement, ElementType, GraphItemMetadata } from '@pid/contracts';
import type { GraphItemRows } from '../graph-items/graph-item-rows';

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

export const ELEMENT_ROWS: GraphItemRows<ElementRow, DrawingElement> = {
  table: 'elements',
  columns: ELEMENT_COLUMNS,
  present: presentElement,
};
