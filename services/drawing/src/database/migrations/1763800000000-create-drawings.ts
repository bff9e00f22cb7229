import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateDrawings1763800000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE drawings (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        name text NOT NULL,
        status text NOT NULL DEFAULT 'uploaded',
        processing_message text,
        document_name text NOT NULL,
        object_key text NOT NULL,
        content_type text NOT NULL,
        size_bytes integer NOT NULL,
        metadata jsonb NOT NULL DEFAULT '{}',
        upload_date timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX drawings_user_upload_date ON drawings (user_id, upload_date DESC)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE drawings');
  }
}
