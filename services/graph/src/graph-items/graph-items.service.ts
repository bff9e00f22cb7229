import { Inject, NotFoundException } from '@nestjs/common';
import { isUuid, queryRows } from '@pid/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { DrawingAccess } from '../access/drawing-access';
import { isDrawingDeleted, lockDrawingGraph } from '../database/drawing-lock';
import { MESSAGES } from '../messages';
import { selectDrawingItems, type GraphItemRows } from './graph-item-rows';

/**
 * What the elements and connections services share. Every query is scoped to the caller (`user_id`),
 * and every route also asks the drawing service whether the drawing is still the caller's.
 */
export abstract class GraphItemsService<Row, Item> {
  constructor(
    @Inject(DataSource) protected readonly db: DataSource,
    @Inject(DrawingAccess) protected readonly access: DrawingAccess,
  ) {}

  /** Where the items are stored, how they are answered, and the message for an unknown item (or another user's). */
  protected abstract readonly items: GraphItemRows<Row, Item> & { notFound: string };

  async list(userId: string, drawingId: string): Promise<Item[]> {
    await this.access.requireOwnDrawing(drawingId, userId);
    return selectDrawingItems(this.db.manager, this.items, drawingId, userId);
  }

  /** Runs `work` in a transaction holding the drawing's graph lock; 404 once the drawing is deleted. For adding items. */
  protected inLiveDrawing<T>(drawingId: string, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(async (manager) => {
      await lockDrawingGraph(manager, drawingId);
      if (await isDrawingDeleted(manager, drawingId)) throw new NotFoundException(MESSAGES.drawingNotFound);
      return work(manager);
    });
  }

  /**
   * Runs `work` for one of the caller's items, once the drawing service confirms the caller owns its drawing,
   * in a transaction holding that drawing's graph lock. For changing and deleting items.
   */
  protected async inDrawingOf<T>(
    userId: string,
    itemId: string,
    work: (manager: EntityManager, drawingId: string) => Promise<T>,
  ): Promise<T> {
    const drawingId = await this.drawingOf(userId, itemId);
    await this.access.requireOwnDrawing(drawingId, userId);
    return this.db.transaction(async (manager) => {
      await lockDrawingGraph(manager, drawingId);
      return work(manager, drawingId);
    });
  }

  /** The drawing of one of the caller's items; another user's item answers 404 like an unknown one. */
  private async drawingOf(userId: string, itemId: string): Promise<string> {
    const { table, notFound } = this.items;
    if (!isUuid(itemId) || !isUuid(userId)) throw new NotFoundException(notFound);
    const [row] = await queryRows<{ drawing_id: string }>(
      this.db.manager,
      `SELECT drawing_id FROM ${table} WHERE id = $1 AND user_id = $2`,
      [itemId, userId],
    );
    if (!row) throw new NotFoundException(notFound);
    return row.drawing_id;
  }
}
