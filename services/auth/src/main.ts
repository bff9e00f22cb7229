import { runService } from '@pid/platform';
import { authServiceDefinition } from './auth.service-definition';

void runService(authServiceDefinition);
