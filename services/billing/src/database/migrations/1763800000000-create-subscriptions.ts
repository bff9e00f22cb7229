import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateSubscriptions1763800000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE subscriptions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        provider text NOT NULL,
        provider_subscription_id text NOT NULL UNIQUE,
        status text NOT NULL,
        plan_name text NOT NULL,
        amount integer NOT NULL,
        currency text NOT NULL DEFAULT 'usd',
        interval text NOT NULL DEFAULT 'year',
        current_period_start timestamptz,
        current_period_end timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX subscriptions_user_created ON subscriptions (user_id, created_at)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE subscriptions');
  }
}
