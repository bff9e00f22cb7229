import { Body, Controller, Delete, Get, Inject, Param, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Connection } from '@pid/contracts';
import { CurrentUser, SubscriberOnly, ZodBodyPipe, type AuthenticatedUser, ErrorBodyDto } from '@pid/platform';
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

@ApiTags('connections')
@SubscriberOnly()
@ApiNotFoundResponse({ type: ErrorBodyDto, description: 'Unknown id, or another user’s: `Drawing not found`, `Connection not found`' })
@ApiServiceUnavailableResponse({ type: ErrorBodyDto, description: 'The drawing service did not answer the ownership check' })
@Controller()
export class ConnectionsController {
  constructor(@Inject(ConnectionsService) private readonly connections: ConnectionsService) {}

  @Get('drawings/:id/connections')
  @ApiOperation({ summary: 'The connections of one of your drawings', description: 'In analysis order, then in order of creation.' })
  @ApiOkResponse({ type: [ConnectionDto] })
  list(@CurrentUser() caller: AuthenticatedUser, @Param('id') drawingId: string): Promise<Connection[]> {
    return this.connections.list(caller.id, drawingId);
  }

  @Post('connections')
  @ApiOperation({
    summary: 'Connect two elements of one of your drawings',
    description: 'relationshipType defaults to "connects to", confirmed to false, name to "".',
  })
  @ApiBody({ type: CreateConnectionDto })
  @ApiCreatedResponse({ type: ConnectionDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'A field breaks a rule' })
  create(
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodBodyPipe(createConnectionBody)) body: CreateConnectionInput,
  ): Promise<Connection> {
    return this.connections.create(caller.id, body);
  }

  @Put('connections/:id')
  @ApiOperation({
    summary: 'Change a connection',
    description: 'Send only the changed fields, or the whole connection. Of metadata only path_data is written.',
  })
  @ApiBody({ type: UpdateConnectionDto })
  @ApiOkResponse({ type: ConnectionDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'A field breaks a rule' })
  update(
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') connectionId: string,
    @Body(new ZodBodyPipe(updateConnectionBody)) body: UpdateConnectionInput,
  ): Promise<Connection> {
    return this.connections.update(caller.id, connectionId, body);
  }

  @Delete('connections/:id')
  @ApiOperation({ summary: 'Delete a connection' })
  @ApiOkResponse({ type: ConnectionDeletedDto })
  remove(@CurrentUser() caller: AuthenticatedUser, @Param('id') connectionId: string): Promise<ConnectionDeletedDto> {
    return this.connections.remove(caller.id, connectionId);
  }
}
