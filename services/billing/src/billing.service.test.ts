import { startServiceHarness, tablesInSchema, type ServiceHarness } from '@pid/platform/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingServiceDefinition } from './billing.service-definition';
import type { BillingEnv } from './env';

let service: ServiceHarness<BillingEnv>;
beforeAll(async () => void (service = await startServiceHarness(billingServiceDefinition)));
afterAll(async () => service?.close());

describe('billing service', () => {
  it('creates its tables in the billing schema', async () => {
    expect(await tablesInSchema(service, 'billing')).toEqual(['migrations', 'subscriptions']);
  });

  it('refuses to start without a JWT secret', async () => {
    await expect(startServiceHarness(billingServiceDefinition, { JWT_SECRET: '' })).rejects.toThrow(/JWT_SECRET/);
  });
});
