import type { MigrationInterface, QueryRunner } from 'typeorm';

/** One-time e-mail verification and password reset tokens, kept only as SHA-256 hashes. */
export class CreateAuthTokens1763900000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE auth_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        purpose text NOT NULL CHECK (purpose IN ('email_verification', 'password_reset')),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Invalidating a user's outstanding tokens of one purpose looks them up this way.
    await queryRunner.query('CREATE INDEX auth_tokens_user_purpose_idx ON auth_tokens (user_id, purpose) WHERE used_at IS NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE auth_tokens');
  }
}
