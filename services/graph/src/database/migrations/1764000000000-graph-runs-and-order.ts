import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * - `seq`: a stable order for listing (analysis order, then creation order), served by
 *   `(drawing_id, seq)` indexes that replace the plain `drawing_id` ones.
 * - `applied_analysis_runs`: the analysis runs already applied, so that a redelivered result changes nothing.
 * - `deleted_drawings`: drawings whose graph was removed, so that a late analysis result cannot bring it back.
 */
export class GraphRunsAndOrder1764000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['elements', 'connections']) {
      await queryRunner.query(`ALTER TABLE ${table} ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY`);
      await queryRunner.query(`CREATE INDEX ${table}_drawing_seq ON ${table} (drawing_id, seq)`);
      await queryRunner.query(`DROP INDEX ${table}_drawing`);
    }
    await queryRunner.query(`
      CREATE TABLE applied_analysis_runs (
        job_id text PRIMARY KEY,
        drawing_id uuid NOT NULL,
        user_id uuid NOT NULL,
        element_count integer NOT NULL DEFAULT 0,
        connection_count integer NOT NULL DEFAULT 0,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX applied_analysis_runs_drawing ON applied_analysis_runs (drawing_id)');
    await queryRunner.query(`
      CREATE TABLE deleted_drawings (
        drawing_id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        deleted_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE deleted_drawings');
    await queryRunner.query('DROP TABLE applied_analysis_runs');
    for (const table of ['elements', 'connections']) {
      await queryRunner.query(`CREATE INDEX ${table}_drawing ON ${table} (drawing_id)`);
      await queryRunner.query(`DROP INDEX ${table}_drawing_seq`);
      await queryRunner.query(`ALTER TABLE ${table} DROP COLUMN seq`);
    }
  }
}
