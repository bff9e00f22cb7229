import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A password reset or an e-mail change raises `token_version`; login tokens carrying a lower one are refused. */
export class AddTokenVersion1764900000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE users ADD COLUMN token_version integer NOT NULL DEFAULT 0');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE users DROP COLUMN token_version');
  }
}
