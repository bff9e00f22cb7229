import { Controller, Inject } from '@nestjs/common';
import type { DrawingElement } from '@pid/contracts';
import { graphItemsController } from '../graph-items/graph-items.controller';
import { MESSAGES } from '../messages';
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

@Controller()
export class ElementsController extends graphItemsController<DrawingElement, CreateElementInput, UpdateElementInput, ElementDeletedDto>({
  path: 'elements',
  notFound: MESSAGES.elementNotFound,
  dto: ElementDto,
  deletedDto: ElementDeletedDto,
  list: { summary: 'The elements of one of your drawings', description: 'In analysis order, then in order of creation.' },
  create: {
    body: createElementBody,
    dto: CreateElementDto,
    operation: {
      summary: 'Add an element to one of your drawings',
      description: 'elementType defaults to `node`; metadata.source is `user`.',
    },
  },
  update: {
    body: updateElementBody,
    dto: UpdateElementDto,
    operation: {
      summary: 'Change an element',
      description:
        'Send the whole element, or only `{ boundingBox }` after a drag. `_id`, `drawing`, `metadata` and unknown fields are ignored.',
    },
  },
  remove: { summary: 'Delete an element and its connections', description: 'Both go in one transaction.' },
}) {
  constructor(@Inject(ElementsService) readonly items: ElementsService) {
    super();
  }
}
