import { Injectable, NotFoundException } from '@nestjs/common';
import type { DrawingElement } from '@pid/contracts';
import { queryRows } from '@pid/platform';
import { GraphItemsService } from '../graph-items/graph-items.service';
import { MESSAGES } from '../messages';
import type { CreateElementInput, ElementDeletedDto, UpdateElementInput } from './element.dto';
import { ELEMENT_COLUMNS, ELEMENT_ROWS, presentElement, type ElementRow } from './element-rows';

/** Elements of a user's drawings (see `GraphItemsService` for the scoping). */
@Injectable()
export class ElementsService extends GraphItemsService<ElementRow, DrawingElement> {
  protected readonly items = { ...ELEMENT_ROWS, notFound: MESSAGES.elementNotFound };

  async create(userId: string, input: CreateElementInput): Promise<DrawingElement> {
    await this.access.requireOwnDrawing(input.drawing, userId);
    const { x, y, width, height } = input.boundingBox;
    return this.inLiveDrawing(input.drawing, async (manager) => {
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
    const box = input.boundingBox;
    return this.inDrawingOf(userId, elementId, async (manager) => {
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
    return this.inDrawingOf(userId, elementId, async (manager) => {
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
}
