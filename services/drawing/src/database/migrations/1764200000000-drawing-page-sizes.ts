import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every page's image size (`metadata.pages`), as a JSON list of `{ width, height }`, page 1 first.
 * Single-page drawings get theirs from `image_width`/`image_height`; older multi-page PDFs get theirs
 * from their next analysis result.
 */
export class DrawingPageSizes1764200000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE drawings ADD COLUMN page_sizes jsonb CONSTRAINT drawings_page_sizes_list CHECK (jsonb_typeof(page_sizes) = 'array')`,
    );
    await queryRunner.query(`
      UPDATE drawings SET page_sizes = jsonb_build_array(jsonb_build_object('width', image_width, 'height', image_height))
      WHERE image_width IS NOT NULL AND image_height IS NOT NULL AND COALESCE(page_count, 1) = 1`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE drawings DROP COLUMN page_sizes');
  }
}
