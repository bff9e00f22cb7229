import { Body, Delete, Get, Param, Post, Put, type Type } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  type ApiOperationOptions,
} from '@nestjs/swagger';
import { CurrentUser, SubscriberOnly, ZodBodyPipe, type AuthenticatedUser, ErrorBodyDto } from '@pid/platform';
import type { ZodType } from 'zod';

/** What the routes of one kind of graph item call: the elements or the connections service. */
export interface GraphItemsApi<Item, CreateInput, UpdateInput, Deleted> {
  list(userId: string, drawingId: string): Promise<Item[]>;
  create(userId: string, input: CreateInput): Promise<Item>;
  update(userId: string, itemId: string, input: UpdateInput): Promise<Item>;
  remove(userId: string, itemId: string): Promise<Deleted>;
}

/** One kind of graph item's routes: its path, its API shapes and request schemas, and each operation's summary. */
export interface GraphItemRoutes<CreateInput, UpdateInput> {
  /** `elements` or `connections`: the OpenAPI tag, and the path under /api and under a drawing. */
  path: 'elements' | 'connections';
  /** The answer to an unknown id, e.g. `Element not found`. */
  notFound: string;
  dto: Type;
  deletedDto: Type;
  create: { body: ZodType<CreateInput>; dto: Type; operation: ApiOperationOptions };
  update: { body: ZodType<UpdateInput>; dto: Type; operation: ApiOperationOptions };
  list: ApiOperationOptions;
  remove: ApiOperationOptions;
}

/**
 * The REST routes of one kind of graph item (spec §3): list a drawing's items, add one, change one,
 * delete one. Every route is for subscribers, scoped to the caller.
 */
export function graphItemsController<Item, CreateInput, UpdateInput, Deleted>(routes: GraphItemRoutes<CreateInput, UpdateInput>) {
  const { path } = routes;

  @ApiTags(path)
  @SubscriberOnly()
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: `Unknown id, or another user’s: \`Drawing not found\`, \`${routes.notFound}\`` })
  @ApiServiceUnavailableResponse({ type: ErrorBodyDto, description: 'The drawing service did not answer the ownership check' })
  abstract class GraphItemsController {
    abstract readonly items: GraphItemsApi<Item, CreateInput, UpdateInput, Deleted>;

    @Get(`drawings/:id/${path}`)
    @ApiOperation(routes.list)
    @ApiOkResponse({ type: [routes.dto] })
    list(@CurrentUser() caller: AuthenticatedUser, @Param('id') drawingId: string): Promise<Item[]> {
      return this.items.list(caller.id, drawingId);
    }

    @Post(path)
    @ApiOperation(routes.create.operation)
    @ApiBody({ type: routes.create.dto })
    @ApiCreatedResponse({ type: routes.dto })
    @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'A field breaks a rule' })
    create(@CurrentUser() caller: AuthenticatedUser, @Body(new ZodBodyPipe(routes.create.body)) body: CreateInput): Promise<Item> {
      return this.items.create(caller.id, body);
    }

    @Put(`${path}/:id`)
    @ApiOperation(routes.update.operation)
    @ApiBody({ type: routes.update.dto })
    @ApiOkResponse({ type: routes.dto })
    @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'A field breaks a rule' })
    update(
      @CurrentUser() caller: AuthenticatedUser,
      @Param('id') itemId: string,
      @Body(new ZodBodyPipe(routes.update.body)) body: UpdateInput,
    ): Promise<Item> {
      return this.items.update(caller.id, itemId, body);
    }

    @Delete(`${path}/:id`)
    @ApiOperation(routes.remove)
    @ApiOkResponse({ type: routes.deletedDto })
    remove(@CurrentUser() caller: AuthenticatedUser, @Param('id') itemId: string): Promise<Deleted> {
      return this.items.remove(caller.id, itemId);
    }
  }
  return GraphItemsController;
}
