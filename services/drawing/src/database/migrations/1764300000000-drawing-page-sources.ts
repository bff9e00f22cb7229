import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How the last analysis read each page (`metadata.pageSources`: raster, vector or mixed), page 1 first, so
 * a reviewer knows whether names came from the PDF's own text or from OCR.
 */
export class DrawingPageSources1764300000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE drawings ADD COLUMN page_sources jsonb CONSTRAINT drawings_page_sources_list CHECK (jsonb_typeof(page_sources) = 'array')`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE drawings DROP COLUMN page_sources');
  }
}
