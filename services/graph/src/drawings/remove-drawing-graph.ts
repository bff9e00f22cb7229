import type { DataSource } from 'typeorm';
import { lockDrawingGraph } from '../database/drawing-lock';
import { queryRows } from '@pid/platform';

/**
 * Removes a deleted drawing's graph (with any result parts kept for it, and the off-page links of the
 * user's other drawings into it) and remembers the drawing as deleted, so that an analysis result
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
    await manager.query('DELETE FROM analysis_result_parts WHERE drawing_id = $1', [drawingId]);
    // Off-page connectors of the user's other drawings no longer continue here.
    await manager.query(
      `UPDATE elements SET metadata = metadata - 'continues_on', updated_at = now()
       WHERE user_id = $1 AND element_type = 'off_page_connector' AND metadata->'continues_on'->>'drawing' = $2::text`,
      [userId, drawingId],
    );
    return { elements: elements.length, connections: connections.length };
  });
}
