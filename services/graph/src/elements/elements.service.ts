import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { DrawingElement } from '@pid/contracts';
import { DataSource } from 'typeorm';
import { DrawingAccess } from '../access/drawing-access';
import { isDrawingDeleted, lockDrawingGraph } from '../database/drawing-lock';
import { MESSAGES } from '../messages';
import type { CreateElementInput, ElementDeletedDto, UpdateElementInput } from './element.dto';
import { ELEMENT_COLUMNS, presentElement, selectElements, type ElementRow } from './element-rows';
import { isUuid, queryRows } from '@pid/platform';

/**
 * Elements of a user's drawings. Every query is scoped to the caller (`user_id`), and every route
 * also asks the drawing service whether the drawing is still the caller's.
 */
@Injectable()
export class ElementsService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(DrawingAccess) private readonly access: DrawingAccess,
  ) {}

  async list(userId: string, drawingId: string): Promise<DrawingElement[]> {
    await this.access.requireOwnDrawing(drawingId, userId);
    return selectElements(this.db.manager, drawingId, userId);
  }

  async create(userId: string, input: CreateElementInput): Promise<DrawingElement> {
    await this.access.requireOwnDrawing(input.drawing, userId);
    const { x, y, width, height } = input.boundingBox;
    return this.db.transaction(async (manager) => {
      await lockDrawingGraph(manager, input.drawing);
      if (await isDrawingDeleted(manager, input.drawing)) throw new NotFoundException(MESSAGES.drawingNotFound);
      const [row] = await queryRows<ElementRow>(
        manager,
        `INSERT INTO elements (drawing_id, user_id, element_type, name, description, x, y, width, height, confirmed, metadata, page)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12)
         RETURNING ${ELEMENT_COLUMNS}`,
        [
          input.drawing,
          userId,
          input.elementType,
          input.name,
          input.description,
          x,
          y,
          width,
          height,
          input.confirmed,
          '{"source":"user"}',
          input.page,
        ],
      );
      return presentElement(row!);
    });
  }

  async update(userId: string, elementId: string, input: UpdateElementInput): Promise<DrawingElement> {
    const drawingId = await this.drawingOf(userId, elementId);
    await this.access.requireOwnDrawing(drawingId, userId);
    const box = input.boundingBox;
    return this.db.transaction(async (manager) => {
      await lockDrawingGraph(manager, drawingId);
      const [row] = await queryRows<ElementRow>(
        manager,
        `UPDATE elements SET
           element_type = COALESCE($3, element_type),
           name = COALESCE($4, name),
           description = COALESCE($5, description),
           x = COALESCE($6, x), y = COALESCE($7, y), width = COALESCE($8, width), height = COALESCE($9, height),
           confirmed = COALESCE($10, confirmed),
           updated_at = now()
         WHERE id = $1 AND user_id = $2
         RETURNING ${ELEMENT_COLUMNS}`,
        [
          elementId,
          userId,
          input.elementType ?? null,
          input.name ?? null,
          input.description ?? null,
          box?.x ?? null,
          box?.y ?? null,
          box?.width ?? null,
          box?.height ?? null,
          input.confirmed ?? null,
        ],
      );
      if (!row) throw new NotFoundException(MESSAGES.elementNotFound);
      return presentElement(row);
    });
  }

  /** Deletes the element and, in the same transaction, every connection that starts or ends at it. */
  async remove(userId: string, elementId: string): Promise<ElementDeletedDto> {
    const drawingId = await this.drawingOf(userId, elementId);
    await this.access.requireOwnDrawing(drawingId, userId);
    return this.db.transaction(async (manager) => {
      await lockDrawingGraph(manager, drawingId);
      // Explicit, although the foreign keys cascade too: the answer names what went with the element.
      const connections = await queryRows<{ id: string }>(
        manager,
        'DELETE FROM connections WHERE (source_id = $1 OR target_id = $1) AND user_id = $2 RETURNING id',
        [elementId, userId],
      );
      const deleted = await queryRows(manager, 'DELETE FROM elements WHERE id = $1 AND user_id = $2 RETURNING id', [elementId, userId]);
      if (deleted.length === 0) throw new NotFoundException(MESSAGES.elementNotFound);
      return { msg: MESSAGES.elementDeleted, _id: elementId, deletedConnections: connections.map((connection) => connection.id) };
    });
  }

  /** The drawing of one of the caller's elements; another user's element answers 404 like an unknown one. */
  private async drawingOf(userId: string, elementId: string): Promise<string> {
    if (!isUuid(elementId) || !isUuid(userId)) throw new NotFoundException(MESSAGES.elementNotFound);
    const [row] = await queryRows<{ drawing_id: string }>(
      this.db.manager,
      'SELECT drawing_id FROM elements WHERE id = $1 AND user_id = $2',
      [elementId, userId],
    );
    if (!row) throw new NotFoundException(MESSAGES.elementNotFound);
    return row.drawing_id;
  }
}
