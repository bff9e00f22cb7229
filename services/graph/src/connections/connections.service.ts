import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import type { Connection, ConnectionMetadata } from '@pid/contracts';
import type { EntityManager } from 'typeorm';
import { GraphItemsService } from '../graph-items/graph-items.service';
import { MESSAGES } from '../messages';
import { CUSTOM_TYPE_REQUIRED } from '../validation/graph-fields';
import type { ConnectionDeletedDto, CreateConnectionInput, UpdateConnectionInput } from './connection.dto';
import { CONNECTION_COLUMNS, CONNECTION_ROWS, presentConnection, type ConnectionRow } from './connection-rows';
import { isUuid, queryRows } from '@pid/platform';

const ENDS_SAME = 'source and target must be different elements';
const ENDS_OUTSIDE_DRAWING = 'source and target must be elements of the same drawing';

/** Connections of a user's drawings (see `GraphItemsService` for the scoping). */
@Injectable()
export class ConnectionsService extends GraphItemsService<ConnectionRow, Connection> {
  protected readonly items = { ...CONNECTION_ROWS, notFound: MESSAGES.connectionNotFound };

  async create(userId: string, input: CreateConnectionInput): Promise<Connection> {
    await this.access.requireOwnDrawing(input.drawing, userId);
    const [source, target] = checkEnds(input.source!, input.target!);
    const metadata: ConnectionMetadata = { source: 'user', ...(input.metadata?.path_data && { path_data: input.metadata.path_data }) };
    const custom = input.relationshipType === 'custom' ? (input.customRelationshipType ?? null) : null;
    return this.inLiveDrawing(input.drawing, async (manager) => {
      await requireElementsOfDrawing(manager, [source, target], input.drawing, userId);
      const [row] = await queryRows<ConnectionRow>(
        manager,
        `INSERT INTO connections
           (drawing_id, user_id, source_id, target_id, name, description, relationship_type, custom_relationship_type, confirmed, metadata, page)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, (SELECT page FROM elements WHERE id = $3))
         RETURNING ${CONNECTION_COLUMNS}`,
        [
          input.drawing,
          userId,
          source,
          target,
          input.name,
          input.description,
          input.relationshipType,
          custom,
          input.confirmed,
          JSON.stringify(metadata),
        ],
      );
      return presentConnection(row!);
    });
  }

  async update(userId: string, connectionId: string, input: UpdateConnectionInput): Promise<Connection> {
    return this.inDrawingOf(userId, connectionId, async (manager, drawingId) => {
      const [stored] = await queryRows<ConnectionRow>(
        manager,
        `SELECT ${CONNECTION_COLUMNS} FROM connections WHERE id = $1 AND user_id = $2 FOR UPDATE`,
        [connectionId, userId],
      );
      if (!stored) throw new NotFoundException(MESSAGES.connectionNotFound);

      const [source, target] = checkEnds(input.source ?? stored.source_id, input.target ?? stored.target_id);
      if (source !== stored.source_id || target !== stored.target_id) {
        await requireElementsOfDrawing(manager, [source, target], drawingId, userId);
      }
      const relationshipType = input.relationshipType ?? stored.relationship_type;
      let custom = input.customRelationshipType !== undefined ? input.customRelationshipType : stored.custom_relationship_type;
      if (relationshipType !== 'custom') custom = null;
      else if (!custom?.trim()) throw new BadRequestException({ msg: CUSTOM_TYPE_REQUIRED });
      const metadata = withPath(stored.metadata, input.metadata?.path_data);

      const [row] = await queryRows<ConnectionRow>(
        manager,
        `UPDATE connections SET
           source_id = $3, target_id = $4, name = $5, description = $6, relationship_type = $7,
           custom_relationship_type = $8, confirmed = $9, metadata = $10::jsonb, updated_at = now(),
           page = CASE WHEN source_id = $3 THEN page ELSE (SELECT page FROM elements WHERE id = $3) END
         WHERE id = $1 AND user_id = $2
         RETURNING ${CONNECTION_COLUMNS}`,
        [
          connectionId,
          userId,
          source,
          target,
          input.name ?? stored.name,
          input.description ?? stored.description,
          relationshipType,
          custom,
          input.confirmed ?? stored.confirmed,
          JSON.stringify(metadata),
        ],
      );
      return presentConnection(row!);
    });
  }

  async remove(userId: string, connectionId: string): Promise<ConnectionDeletedDto> {
    return this.inDrawingOf(userId, connectionId, async (manager) => {
      const deleted = await queryRows(manager, 'DELETE FROM connections WHERE id = $1 AND user_id = $2 RETURNING id', [
        connectionId,
        userId,
      ]);
      if (deleted.length === 0) throw new NotFoundException(MESSAGES.connectionNotFound);
      return { msg: MESSAGES.connectionDeleted, _id: connectionId };
    });
  }
}

/** Element ids in PostgreSQL's spelling; the same element twice, or a string that is no id, is a 400. */
function checkEnds(source: string, target: string): [string, string] {
  if (!isUuid(source) || !isUuid(target)) throw new BadRequestException({ msg: ENDS_OUTSIDE_DRAWING });
  const ends: [string, string] = [source.toLowerCase(), target.toLowerCase()];
  if (ends[0] === ends[1]) throw new BadRequestException({ msg: ENDS_SAME });
  return ends;
}

/** Both ends must be the caller's elements on this drawing: another drawing's or user's element is a 400 like an unknown one. */
async function requireElementsOfDrawing(manager: EntityManager, ids: string[], drawingId: string, userId: string): Promise<void> {
  const found = await queryRows(manager, 'SELECT id FROM elements WHERE id = ANY($1::uuid[]) AND drawing_id = $2 AND user_id = $3', [
    ids,
    drawingId,
    userId,
  ]);
  if (found.length !== ids.length) throw new BadRequestException({ msg: ENDS_OUTSIDE_DRAWING });
}

/** The stored metadata with the route replaced (`path_data` given), removed (null) or kept (undefined). */
function withPath(stored: ConnectionMetadata, pathData: ConnectionMetadata['path_data'] | null | undefined): ConnectionMetadata {
  if (pathData === undefined) return stored;
  const { path_data: _removed, ...rest } = stored;
  return pathData === null ? rest : { ...rest, path_data: pathData };
}
