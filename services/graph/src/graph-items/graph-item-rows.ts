import type { EntityManager } from 'typeorm';
import { queryRows } from '@pid/platform';

/**
 * Where one kind of graph item is stored and how a row is answered. Both tables are scoped to a drawing
 * and a user, and kept in list order by `seq`.
 */
export interface GraphItemRows<Row, Item> {
  table: 'elements' | 'connections';
  /** The columns an item is answered from, in SQL. */
  columns: string;
  /** A row in the API's shape (spec §3). */
  present(row: Row): Item;
}

/** One drawing's items of one user, in list order, in the API's shape. */
export async function selectDrawingItems<Row, Item>(
  manager: EntityManager,
  rows: GraphItemRows<Row, Item>,
  drawingId: string,
  userId: string,
): Promise<Item[]> {
  const found = await queryRows<Row>(
    manager,
    `SELECT ${rows.columns} FROM ${rows.table} WHERE drawing_id = $1 AND user_id = $2 ORDER BY seq`,
    [drawingId, userId],
  );
  return found.map((row) => rows.present(row));
}
