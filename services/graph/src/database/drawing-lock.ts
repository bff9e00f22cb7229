import { lockUntilCommit, queryRows } from '@pid/platform';
import type { EntityManager } from 'typeorm';

/**
 * Serialises writes to one drawing's graph until the transaction ends: user edits, the replacement
 * by a new analysis result and the removal of a deleted drawing never interleave, so that a
 * connection is never written against an element that another transaction is removing.
 */
export async function lockDrawingGraph(manager: EntityManager, drawingId: string): Promise<void> {
  await lockUntilCommit(manager, `graph:drawing:${drawingId.toLowerCase()}`);
}

/** True when the drawing was deleted: its graph is gone and must not come back. Call under the drawing's lock. */
export async function isDrawingDeleted(manager: EntityManager, drawingId: string): Promise<boolean> {
  return (await queryRows(manager, 'SELECT 1 FROM deleted_drawings WHERE drawing_id = $1', [drawingId])).length > 0;
}
