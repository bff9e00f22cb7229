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
import type { DrawingElement } from '@pid/contracts';
import { CurrentUser, SubscriberOnly, ZodBodyPipe, type AuthenticatedUser, ErrorBodyDto } from '@pid/platform';
import {
  CreateElementDto,
  createElementBody,
  ElementDeletedDto,
  ElementDto,
  UpdateElementDto,
  updateElementBody,
  type CreateElementInput,
  type UpdateElementInput,
} from './element.dto';
import { ElementsService } from './elements.service';

@ApiTags('elements')
@SubscriberOnly()
@ApiNotFoundResponse({ type: ErrorBodyDto, description: 'Unknown id, or another user’s: `Drawing not found`, `Element not found`' })
@ApiServiceUnavailableResponse({ type: ErrorBodyDto, description: 'The drawing service did not answer the ownership check' })
@Controller()
export class ElementsController {
  constructor(@Inject(ElementsService) private readonly elements: ElementsService) {}

  @Get('drawings/:id/elements')
  @ApiOperation({ summary: 'The elements of one of your drawings', description: 'In analysis order, then in order of creation.' })
  @ApiOkResponse({ type: [ElementDto] })
  list(@CurrentUser() caller: AuthenticatedUser, @Param('id') drawingId: string): Promise<DrawingElement[]> {
    return this.elements.list(caller.id, drawingId);
  }

  @Post('elements')
  @ApiOperation({
    summary: 'Add an element to one of your drawings',
    description: 'elementType defaults to `node`; metadata.source is `user`.',
  })
  @ApiBody({ type: CreateElementDto })
  @ApiCreatedResponse({ type: ElementDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'A field breaks a rule' })
  create(
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodBodyPipe(createElementBody)) body: CreateElementInput,
  ): Promise<DrawingElement> {
    return this.elements.create(caller.id, body);
  }

  @Put('elements/:id')
  @ApiOperation({
    summary: 'Change an element',
    description:
      'Send the whole element, or only `{ boundingBox }` after a drag. `_id`, `drawing`, `metadata` and unknown fields are ignored.',
  })
  @ApiBody({ type: UpdateElementDto })
  @ApiOkResponse({ type: ElementDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'A field breaks a rule' })
  update(
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') elementId: string,
    @Body(new ZodBodyPipe(updateElementBody)) body: UpdateElementInput,
  ): Promise<DrawingElement> {
    return this.elements.update(caller.id, elementId, body);
  }

  @Delete('elements/:id')
  @ApiOperation({ summary: 'Delete an element and its connections', description: 'Both go in one transaction.' })
  @ApiOkResponse({ type: ElementDeletedDto })
  remove(@CurrentUser() caller: AuthenticatedUser, @Param('id') elementId: string): Promise<ElementDeletedDto> {
    return this.elements.remove(caller.id, elementId);
  }
}
