import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateGraph1763800000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE elements (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        drawing_id uuid NOT NULL,
        user_id uuid NOT NULL,
        page integer NOT NULL DEFAULT 1,
        element_type text NOT NULL,
        name text NOT NULL DEFAULT '',
        description text NOT NULL DEFAULT '',
        x double precision NOT NULL,
        y double precision NOT NULL,
        width double precision NOT NULL CHECK (width > 0),
        height double precision NOT NULL CHECK (height > 0),
        confirmed boolean NOT NULL DEFAULT false,
        metadata jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX elements_drawing ON elements (drawing_id)');
    // Deleting an element deletes its connections: the database guarantees it.
    await queryRunner.query(`
      CREATE TABLE connections (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        drawing_id uuid NOT NULL,
        user_id uuid NOT NULL,
        source_id uuid NOT NULL REFERENCES elements (id) ON DELETE CASCADE,
        target_id uuid NOT NULL REFERENCES elements (id) ON DELETE CASCADE,
        name text NOT NULL DEFAULT '',
        description text NOT NULL DEFAULT '',
        relationship_type text NOT NULL DEFAULT 'connects to',
        custom_relationship_type text,
        confirmed boolean NOT NULL DEFAULT false,
        metadata jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (source_id <> target_id)
      )`);
    await queryRunner.query('CREATE INDEX connections_drawing ON connections (drawing_id)');
    await queryRunner.query('CREATE INDEX connections_source ON connections (source_id)');
    await queryRunner.query('CREATE INDEX connections_target ON connections (target_id)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE connections');
    await queryRunner.query('DROP TABLE elements');
  }
}
