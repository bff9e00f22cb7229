import { ANNUAL_PLAN_PRICE_ID, ANNUAL_PLAN_PRODUCT_ID, DEFAULT_PRICING_FEATURES } from '@pid/contracts';
import { ConfigError, loadEnv } from '@pid/platform';
import { startServiceHarness, tablesInSchema, type ServiceHarness, HOOK_TIMEOUT_MS } from '@pid/platform/test-kit';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { billingServiceDefinition } from './billing.service-definition';
import { billingEnvSchema, paymentProviderName, type BillingEnv } from './env';

let service: ServiceHarness<BillingEnv>;
beforeAll(async () => void (service = await startServiceHarness(billingServiceDefinition)), HOOK_TIMEOUT_MS);
afterAll(async () => service?.close(), HOOK_TIMEOUT_MS);

describe('billing service', () => {
  it('creates its tables in the billing schema', async () => {
    expect(await tablesInSchema(service, 'billing')).toEqual([
      'checkout_sessions',
      'customers',
      'migrations',
      'processed_webhook_events',
      'subscriptions',
    ]);
  });

  it('refuses to start without a JWT secret', async () => {
    await expect(startServiceHarness(billingServiceDefinition, { JWT_SECRET: '' })).rejects.toThrow(/JWT_SECRET/);
  });

  it('documents the payments API in its OpenAPI document, without the test-mode HTML pages', async () => {
    const paths = Object.keys((await request(service.http).get('/openapi.json').expect(200)).body.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/payments/products/{productId}',
        '/api/payments/create-checkout-session',
        '/api/payments/verify-session/{sessionId}',
        '/api/payments/subscription-status',
        '/api/payments/webhook',
      ]),
    );
    expect(paths.filter((path) => path.includes('test-checkout'))).toEqual([]);
  });
});

describe('GET /api/payments/products/:productId', () => {
  it('answers the annual plan: $100 per year in USD with the default features of spec §9, without a login', async () => {
    const response = await request(service.http).get(`/api/payments/products/${ANNUAL_PLAN_PRODUCT_ID}`).expect(200);
    expect(response.body).toEqual({
      id: ANNUAL_PLAN_PRODUCT_ID,
      name: 'Annual Subscription',
      description: expect.any(String),
      features: [
        'single page P&ID analysis',
        'text and object identification',
        'connection analysis',
        'interactive visualization',
        'rapid verification application',
        'export capabilities',
      ],
      defaultPrice: { id: ANNUAL_PLAN_PRICE_ID, unitAmount: 10000, currency: 'usd', recurringInterval: 'year', recurringIntervalCount: 1 },
    });
    expect(response.body.features).toEqual([...DEFAULT_PRICING_FEATURES]);
  });

  it.each(['prod_unknown', 'price_pid_annual', encodeURIComponent('<script>')])('answers 404 { msg } for %s', async (productId) => {
    await request(service.http).get(`/api/payments/products/${productId}`).expect(404, { msg: 'Product not found' });
  });
});

describe('billing environment', () => {
  const base = {
    PORT: '0',
    DATABASE_URL: 'postgres://u:p@localhost:5432/pid',
    NATS_URL: 'nats://localhost:4222',
    JWT_SECRET: 'x'.repeat(32),
  };
  const load = (extra: Record<string, string>) => loadEnv(billingEnvSchema, { ...base, ...extra });
  /** What billing takes when these variables are unset: the contract's ids, no test mode, a 2 s look-up timeout. */
  const defaults = {
    BILLING_PRODUCT_ID: 'prod_pid_annual',
    BILLING_PRICE_ID: 'price_pid_annual',
    BILLING_ALLOW_TEST_MODE: false,
    USER_LOOKUP_TIMEOUT_MS: 2000,
  };

  it('defaults to the offline test mode with the contract ids and the local web origin', () => {
    const env = load({});
    expect(paymentProviderName(env)).toBe('local');
    expect(env).toMatchObject({ PUBLIC_URL: 'http://localhost:8080', ...defaults });
    expect(env.STRIPE_SECRET_KEY).toBeUndefined();
  });

  it('treats empty variables (Helm values and secrets left blank) as unset', () => {
    const env = load({
      STRIPE_SECRET_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
      STRIPE_API_BASE: '',
      BILLING_PRODUCT_ID: '',
      BILLING_PRICE_ID: ' ',
      BILLING_ALLOW_TEST_MODE: '',
      USER_LOOKUP_TIMEOUT_MS: '',
    });
    expect(paymentProviderName(env)).toBe('local');
    expect(env).toMatchObject(defaults);
    expect(env.STRIPE_API_BASE).toBeUndefined();
  });

  it('chooses Stripe with a secret key, and then requires the webhook secret', () => {
    expect(paymentProviderName(load({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }))).toBe('stripe');
    expect(() => load({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_WEBHOOK_SECRET: must be set when STRIPE_SECRET_KEY is set/);
  });

  it('refuses the offline test mode in production unless it is allowed explicitly', () => {
    expect(() => load({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => load({ NODE_ENV: 'production' })).toThrow(/STRIPE_SECRET_KEY: must be set in production/);
    expect(paymentProviderName(load({ NODE_ENV: 'production', BILLING_ALLOW_TEST_MODE: 'true' }))).toBe('local');
    expect(paymentProviderName(load({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }))).toBe(
      'stripe',
    );
  });

  it.each([
    ['STRIPE_SECRET_KEY', 'pk_test_publishable'],
    ['STRIPE_API_BASE', 'ftp://stripe.test'],
    ['PUBLIC_URL', 'not a url'],
    ['BILLING_PRODUCT_ID', 'prod with spaces'],
    ['BILLING_PRICE_ID', '<price>'],
    ['BILLING_ALLOW_TEST_MODE', 'maybe'],
  ])('refuses a bad %s', (name, value) => {
    expect(() => load({ STRIPE_WEBHOOK_SECRET: 'whsec_1', [name]: value })).toThrow(new RegExp(`^Invalid environment: ${name}:`));
  });

  it('strips trailing slashes from PUBLIC_URL', () => {
    expect(load({ PUBLIC_URL: 'https://pid.example.com/' }).PUBLIC_URL).toBe('https://pid.example.com');
  });
});
