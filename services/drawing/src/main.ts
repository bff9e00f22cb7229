import { runService } from '@pid/platform';
import { drawingServiceDefinition } from './drawing.service-definition';

void runService(drawingServiceDefinition);
