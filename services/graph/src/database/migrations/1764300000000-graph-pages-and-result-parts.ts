import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * - `connections.page`: the page a connection is drawn on (its source's page), as elements have one.
 * - an index of each user's off-page connectors, which are linked across the user's drawings.
 * - `analysis_result_parts`: parts of an analysis result too large for one NATS message, kept until
 *   every part of one split has arrived and the run is applied at once.
 */
export class GraphPagesAndResultParts1764300000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE connections ADD COLUMN page integer NOT NULL DEFAULT 1 CHECK (page > 0)');
    await queryRunner.query(`
      UPDATE connections AS c SET page = e.page FROM elements AS e WHERE e.id = c.source_id AND e.page <> 1`);
    await queryRunner.query(`CREATE INDEX elements_off_page_connectors ON elements (user_id) WHERE element_type = 'off_page_connector'`);
    await queryRunner.query(`
      CREATE TABLE analysis_result_parts (
        job_id text NOT NULL,
        result_id text NOT NULL,
        part integer NOT NULL CHECK (part > 0),
        part_count integer NOT NULL CHECK (part_count >= part),
        drawing_id uuid NOT NULL,
        payload jsonb NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (job_id, result_id, part)
      )`);
    await queryRunner.query('CREATE INDEX analysis_result_parts_drawing ON analysis_result_parts (drawing_id)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE analysis_result_parts');
    await queryRunner.query('DROP INDEX elements_off_page_connectors');
    await queryRunner.query('ALTER TABLE connections DROP COLUMN page');
  }
}
