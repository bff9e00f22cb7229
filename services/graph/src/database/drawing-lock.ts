import type { EntityManager } from 'typeorm';

/** First key of the two-key advisory locks on drawings' graphs; the platform's migration lock uses the one-key form. */
const GRAPH_LOCK_CLASS = 7_272;

/**
 * Serialises writes to one drawing's graph until the transaction ends: user edits, the replacement
 * by a new analysis result and the removal of a deleted drawing never interleave, so that a
 * connection is never written against an element that another transaction is removing.
 */
export async function lockDrawingGraph(manager: EntityManager, drawingId: string): Promise<void> {
  await manager.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [GRAPH_LOCK_CLASS, drawingId.toLowerCase()]);
}

/** True when the drawing was deleted: its graph is gone and must not come back. Call under the drawing's lock. */
export async function isDrawingDeleted(manager: EntityManager, drawingId: string): Promise<boolean> {
  const rows: unknown[] = await manager.query('SELECT 1 FROM deleted_drawings WHERE drawing_id = $1', [drawingId]);
  return rows.length > 0;
}
