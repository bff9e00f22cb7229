import type { MigrationInterface, QueryRunner } from 'typeorm';

const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/**
 * The processing run and the picture's facts become typed columns (conditional updates compare them),
 * renditions get a table, and deletions of stored objects and the "drawing deleted" event get an outbox.
 */
export class DrawingLifecycle1764100000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE drawings
        ADD COLUMN job_id uuid,
        ADD COLUMN progress smallint NOT NULL DEFAULT 0 CONSTRAINT drawings_progress_range CHECK (progress BETWEEN 0 AND 100),
        ADD COLUMN page_count integer CONSTRAINT drawings_page_count_positive CHECK (page_count > 0),
        ADD COLUMN image_width integer CONSTRAINT drawings_image_width_positive CHECK (image_width > 0),
        ADD COLUMN image_height integer CONSTRAINT drawings_image_height_positive CHECK (image_height > 0),
        ADD CONSTRAINT drawings_status_known CHECK (status IN ('uploaded', 'processing', 'completed', 'error', 'failed', 'ready'))`);
    // Carry over what the jsonb column held, defensively: it was never validated.
    await queryRunner.query(`
      UPDATE drawings SET
        job_id = CASE WHEN metadata->>'jobId' ~ '${UUID_PATTERN}' THEN (metadata->>'jobId')::uuid END,
        progress = CASE WHEN jsonb_typeof(metadata->'processingProgress') = 'number'
          THEN LEAST(100, GREATEST(0, round((metadata->>'processingProgress')::numeric)))::smallint ELSE 0 END,
        page_count = CASE WHEN jsonb_typeof(metadata->'pageCount') = 'number' AND (metadata->>'pageCount')::numeric >= 1
          THEN (metadata->>'pageCount')::numeric::integer END,
        image_width = CASE WHEN jsonb_typeof(metadata#>'{image_size,width}') = 'number' AND (metadata#>>'{image_size,width}')::numeric >= 1
          THEN (metadata#>>'{image_size,width}')::numeric::integer END,
        image_height = CASE WHEN jsonb_typeof(metadata#>'{image_size,height}') = 'number' AND (metadata#>>'{image_size,height}')::numeric >= 1
          THEN (metadata#>>'{image_size,height}')::numeric::integer END`);
    await queryRunner.query('ALTER TABLE drawings DROP COLUMN metadata');

    await queryRunner.query(`
      CREATE TABLE drawing_renditions (
        drawing_id uuid NOT NULL REFERENCES drawings (id) ON DELETE CASCADE,
        page integer NOT NULL CHECK (page > 0),
        object_key text NOT NULL UNIQUE,
        content_type text NOT NULL,
        width integer NOT NULL CHECK (width > 0),
        height integer NOT NULL CHECK (height > 0),
        size_bytes integer NOT NULL CHECK (size_bytes > 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (drawing_id, page)
      )`);

    await queryRunner.query(`
      CREATE TABLE pending_cleanups (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        object_keys text[] NOT NULL DEFAULT '{}',
        deleted_drawing_id uuid,
        deleted_drawing_user_id uuid,
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((deleted_drawing_id IS NULL) = (deleted_drawing_user_id IS NULL))
      )`);
    await queryRunner.query('CREATE INDEX pending_cleanups_due ON pending_cleanups (next_attempt_at)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE pending_cleanups');
    await queryRunner.query('DROP TABLE drawing_renditions');
    await queryRunner.query(`ALTER TABLE drawings ADD COLUMN metadata jsonb NOT NULL DEFAULT '{}'`);
    await queryRunner.query(`
      UPDATE drawings SET metadata = jsonb_strip_nulls(jsonb_build_object(
        'processingProgress', progress,
        'jobId', job_id,
        'pageCount', page_count,
        'image_size', CASE WHEN image_width IS NOT NULL AND image_height IS NOT NULL
          THEN jsonb_build_object('width', image_width, 'height', image_height) END))`);
    await queryRunner.query(`
      ALTER TABLE drawings
        DROP CONSTRAINT drawings_status_known,
        DROP COLUMN job_id,
        DROP COLUMN progress,
        DROP COLUMN page_count,
        DROP COLUMN image_width,
        DROP COLUMN image_height`);
  }
}
