import { Controller, Inject } from '@nestjs/common';
import type { Connection } from '@pid/contracts';
import { graphItemsController } from '../graph-items/graph-items.controller';
import { MESSAGES } from '../messages';
import {
  ConnectionDeletedDto,
  ConnectionDto,
  CreateConnectionDto,
  createConnectionBody,
  UpdateConnectionDto,
  updateConnectionBody,
  type CreateConnectionInput,
  type UpdateConnectionInput,
} from './connection.dto';
import { ConnectionsService } from './connections.service';

@Controller()
export class ConnectionsController extends graphItemsController<
  Connection,
  CreateConnectionInput,
  UpdateConnectionInput,
  ConnectionDeletedDto
>({
  path: 'connections',
  notFound: MESSAGES.connectionNotFound,
  dto: ConnectionDto,
  deletedDto: ConnectionDeletedDto,
  list: { summary: 'The connections of one of your drawings', description: 'In analysis order, then in order of creation.' },
  create: {
    body: createConnectionBody,
    dto: CreateConnectionDto,
    operation: {
      summary: 'Connect two elements of one of your drawings',
      description: 'relationshipType defaults to "connects to", confirmed to false, name to "".',
    },
  },
  update: {
    body: updateConnectionBody,
    dto: UpdateConnectionDto,
    operation: {
      summary: 'Change a connection',
      description: 'Send only the changed fields, or the whole connection. Of metadata only path_data is written.',
    },
  },
  remove: { summary: 'Delete a connection' },
}) {
  constructor(@Inject(ConnectionsService) readonly items: ConnectionsService) {
    super();
  }
}
