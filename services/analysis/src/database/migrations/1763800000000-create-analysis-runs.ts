import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateAnalysisRuns1763800000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE analysis_runs (
        id text PRIMARY KEY,
        drawing_id uuid NOT NULL,
        status text NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        error text,
        started_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      )`);
    await queryRunner.query('CREATE INDEX analysis_runs_drawing ON analysis_runs (drawing_id)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE analysis_runs');
  }
}
