import { runService } from '@pid/platform';
import { graphServiceDefinition } from './graph.service-definition';

void runService(graphServiceDefinition);
