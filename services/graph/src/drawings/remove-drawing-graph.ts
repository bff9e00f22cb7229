import type { DataSource } from 'typeorm';
import { lockDrawingGraph } from '../database/drawing-lock';
import { queryRows } from '../database/query-rows';

/**
 * Removes a deleted drawing's graph and remembers the drawing as deleted, so that an analysis result
 * still on its way cannot bring the graph back. Repeating it changes nothing.
 */
export async function removeDrawingGraph(
  db: DataSource,
  drawingId: string,
  userId: string,
): Promise<{ elements: number; connections: number }> {
  return db.transaction(async (manager) => {
    await lockDrawingGraph(manager, drawingId);
    await manager.query('INSERT INTO deleted_drawings (drawing_id, user_id) VALUES ($1, $2) ON CONFLICT (drawing_id) DO NOTHING', [
      drawingId,
      userId,
    ]);
    const connections = await queryRows(manager, 'DELETE FROM connections WHERE drawing_id = $1 RETURNING id', [drawingId]);
    const elements = await queryRows(manager, 'DELETE FROM elements WHERE drawing_id = $1 RETURNING id', [drawingId]);
    return { elements: elements.length, connections: connections.length };
  });
}
