import { SUBJECTS, type DrawingDeletedEvent } from '@pid/contracts';
import { publishJson, type Logger, type ObjectStorage } from '@pid/platform';
import type { NatsConnection } from 'nats';
import type { DataSource, EntityManager } from 'typeorm';

/** Work that must happen after a commit and must not be lost if it fails: removing stored objects, telling graph. */
export interface CleanupTask {
  objectKeys: string[];
  /** Publish `DrawingDeletedEvent` for this drawing (graph removes its elements and connections). */
  deletedDrawing?: DrawingDeletedEvent;
}

interface CleanupRow {
  id: string;
  object_keys: string[];
  deleted_drawing_id: string | null;
  deleted_drawing_user_id: string | null;
  attempts: number;
}

/** A claimed task is not claimed again for this long, while the claimant works on it. */
const CLAIM_SECONDS = 300;
const SWEEP_BATCH = 20;
export const DEFAULT_SWEEP_INTERVAL_MS = 30_000;

/** The message id that makes a repeated "drawing deleted" publish a no-op. */
export function drawingDeletedMessageId(drawingId: string): string {
  return `deleted-${drawingId}`;
}

/** Retry delay after `attempts` failed attempts: 10 s doubling, at most an hour. */
function retryDelaySeconds(attempts: number): number {
  return Math.min(10 * 2 ** Math.max(0, attempts - 1), 3600);
}

/**
 * An outbox in the service's own database. A task is written in the same transaction as the change
 * that needs it, run right after the commit, and retried by a sweeper until it succeeds, so that a
 * storage or NATS hiccup leaves neither orphaned objects nor a graph that keeps a deleted drawing's data.
 * Every step is idempotent: deleting a missing object is fine, the event has a message id.
 */
export class PendingCleanups {
  constructor(
    private readonly dataSource: DataSource,
    private readonly nats: NatsConnection,
    private readonly storage: Promise<ObjectStorage>,
    private readonly logger: Logger,
  ) {}

  /** Writes a task with `manager` (inside the caller's transaction); run it with `runNow` after the commit. */
  async record(manager: EntityManager, task: CleanupTask): Promise<string> {
    const rows: Array<{ id: string }> = await manager.query(
      `INSERT INTO pending_cleanups (object_keys, deleted_drawing_id, deleted_drawing_user_id) VALUES ($1, $2, $3) RETURNING id`,
      [task.objectKeys, task.deletedDrawing?.drawingId ?? null, task.deletedDrawing?.userId ?? null],
    );
    return rows[0]!.id;
  }

  /** Runs a recorded task at once. False when it failed (or someone else holds it): the sweeper retries. */
  async runNow(id: string): Promise<boolean> {
    const [rows] = (await this.dataSource.query(
      `UPDATE pending_cleanups SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $2)
       WHERE id = $1 AND next_attempt_at <= now() RETURNING *`,
      [id, CLAIM_SECONDS],
    )) as [CleanupRow[], number];
    const row = rows[0];
    return row ? this.run(row) : false;
  }

  /** Removes objects now; whatever fails is kept as a task for the sweeper. For work outside a transaction. */
  async deleteObjectsNow(objectKeys: string[]): Promise<void> {
    const storage = await this.storage.catch(() => undefined);
    const left: string[] = [];
    for (const key of objectKeys) {
      try {
        if (!storage) throw new Error('storage unavailable');
        await storage.delete(key);
      } catch {
        left.push(key);
      }
    }
    if (left.length === 0) return;
    try {
      await this.record(this.dataSource.manager, { objectKeys: left });
    } catch (error) {
      this.logger.error({ err: error, objectKeys: left }, 'stored objects could not be deleted nor queued for deletion: they are orphaned');
    }
  }

  /** Claims due tasks (each replica its own, `SKIP LOCKED`) and runs them. Answers how many succeeded. */
  async sweep(): Promise<number> {
    const [rows] = (await this.dataSource.query(
      `UPDATE pending_cleanups SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $1)
       WHERE id IN (
         SELECT id FROM pending_cleanups WHERE next_attempt_at <= now() ORDER BY next_attempt_at LIMIT $2 FOR UPDATE SKIP LOCKED
       ) RETURNING *`,
      [CLAIM_SECONDS, SWEEP_BATCH],
    )) as [CleanupRow[], number];
    let succeeded = 0;
    for (const row of rows) if (await this.run(row)) succeeded += 1;
    return succeeded;
  }

  /** Sweeps every `intervalMs` until the returned teardown is called. */
  startSweeper(intervalMs = DEFAULT_SWEEP_INTERVAL_MS): () => Promise<void> {
    let running: Promise<unknown> = Promise.resolve();
    const timer = setInterval(() => {
      running = this.sweep().catch((error) => this.logger.warn({ err: error }, 'cleanup sweep failed'));
    }, intervalMs);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await running;
    };
  }

  private async run(row: CleanupRow): Promise<boolean> {
    try {
      if (row.deleted_drawing_id && row.deleted_drawing_user_id) {
        const event: DrawingDeletedEvent = { drawingId: row.deleted_drawing_id, userId: row.deleted_drawing_user_id };
        await publishJson(this.nats, SUBJECTS.drawingDeleted, event, drawingDeletedMessageId(event.drawingId));
      }
      const storage = await this.storage;
      for (const key of row.object_keys) await storage.delete(key);
      await this.dataSource.query('DELETE FROM pending_cleanups WHERE id = $1', [row.id]);
      return true;
    } catch (error) {
      const delay = retryDelaySeconds(row.attempts);
      this.logger.warn({ err: error, cleanup: row.id, attempts: row.attempts, retryInSeconds: delay }, 'cleanup failed; will retry');
      await this.dataSource
        .query('UPDATE pending_cleanups SET next_attempt_at = now() + make_interval(secs => $2), last_error = $3 WHERE id = $1', [
          row.id,
          delay,
          error instanceof Error ? error.message.slice(0, 1000) : String(error),
        ])
        .catch(() => undefined);
      return false;
    }
  }
}
