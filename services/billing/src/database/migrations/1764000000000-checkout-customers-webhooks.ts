import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Checkout sessions, provider customers, processed webhook events, and what subscriptions still lacked. */
export class CheckoutCustomersWebhooks1764000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE subscriptions
        ADD COLUMN provider_customer_id text,
        ADD COLUMN plan_nickname text,
        ADD COLUMN price_id text,
        ADD COLUMN interval_count integer NOT NULL DEFAULT 1,
        ADD COLUMN product_name text,
        ADD COLUMN product_description text,
        ADD COLUMN payment_method_brand text,
        ADD COLUMN payment_method_last4 text,
        ADD COLUMN cancel_at_period_end boolean NOT NULL DEFAULT false,
        ADD COLUMN cancel_at timestamptz,
        ADD COLUMN canceled_at timestamptz,
        ADD COLUMN ended_at timestamptz`);
    await queryRunner.query(`
      CREATE TABLE customers (
        user_id uuid NOT NULL,
        provider text NOT NULL,
        provider_customer_id text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, provider),
        UNIQUE (provider, provider_customer_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE checkout_sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        provider text NOT NULL,
        provider_session_id text NOT NULL UNIQUE,
        price_id text NOT NULL,
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'complete', 'canceled', 'expired')),
        url text NOT NULL,
        subscription_id uuid REFERENCES subscriptions (id) ON DELETE SET NULL,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz
      )`);
    await queryRunner.query('CREATE INDEX checkout_sessions_user_created ON checkout_sessions (user_id, created_at)');
    await queryRunner.query(`
      CREATE TABLE processed_webhook_events (
        event_id text PRIMARY KEY,
        provider text NOT NULL,
        type text NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE processed_webhook_events');
    await queryRunner.query('DROP TABLE checkout_sessions');
    await queryRunner.query('DROP TABLE customers');
    await queryRunner.query(`
      ALTER TABLE subscriptions
        DROP COLUMN provider_customer_id, DROP COLUMN plan_nickname, DROP COLUMN price_id, DROP COLUMN interval_count,
        DROP COLUMN product_name, DROP COLUMN product_description, DROP COLUMN payment_method_brand,
        DROP COLUMN payment_method_last4, DROP COLUMN cancel_at_period_end, DROP COLUMN cancel_at, DROP COLUMN canceled_at,
        DROP COLUMN ended_at`);
  }
}
