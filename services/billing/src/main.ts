import { runService } from '@pid/platform';
import { billingServiceDefinition } from './billing.service-definition';

void runService(billingServiceDefinition);
