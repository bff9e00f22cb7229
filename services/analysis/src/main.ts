import { runService } from '@pid/platform';
import { analysisServiceDefinition } from './analysis.service-definition';

void runService(analysisServiceDefinition);
