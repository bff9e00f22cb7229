import { Module } from '@nestjs/common';
import { GraphExportResponder } from './export/graph-export.responder';
import { DrawingAccess } from './access/drawing-access';
import { ConnectionsController } from './connections/connections.controller';
import { ConnectionsService } from './connections/connections.service';
import { ElementsController } from './elements/elements.controller';
import { ElementsService } from './elements/elements.service';

/** The REST API of elements and connections. */
@Module({
  controllers: [ElementsController, ConnectionsController, GraphExportResponder],
  providers: [DrawingAccess, ElementsService, ConnectionsService],
})
export class GraphModule {}
