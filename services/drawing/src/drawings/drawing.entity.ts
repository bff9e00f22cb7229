import type { AnalysisSource, DrawingStatus, ImageSize } from '@pid/contracts';
import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { UpdatedAtColumn, UserIdColumn } from '@pid/platform';

/** An uploaded drawing and its processing state. The file itself lives in object storage. */
@Entity({ name: 'drawings' })
@Index(['userId', 'uploadDate'])
export class DrawingEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @UserIdColumn()
  userId: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', default: 'uploaded' })
  status: DrawingStatus;

  @Column({ name: 'processing_message', type: 'text', nullable: true })
  processingMessage: string | null;

  /** The file name as uploaded, sanitised, for display only. */
  @Column({ name: 'document_name', type: 'text' })
  documentName: string;

  /** Generated storage key; never derived from user input. */
  @Column({ name: 'object_key', type: 'text' })
  objectKey: string;

  /** Of the stored file, as detected from its bytes: application/pdf, image/png, image/jpeg or image/tiff. */
  @Column({ name: 'content_type', type: 'text' })
  contentType: string;

  @Column({ name: 'size_bytes', type: 'integer' })
  sizeBytes: number;

  /** The current (or last) processing run; events of other runs are stale. */
  @Column({ name: 'job_id', type: 'uuid', nullable: true })
  jobId: string | null;

  /** 0–100; never goes backwards within one run. */
  @Column({ type: 'smallint', default: 0 })
  progress: number;

  /** PDFs only. */
  @Column({ name: 'page_count', type: 'integer', nullable: true })
  pageCount: number | null;

  /** Of the image the viewer shows: the raster as displayed (EXIF orientation applied) or page 1's rendition. */
  @Column({ name: 'image_width', type: 'integer', nullable: true })
  imageWidth: number | null;

  @Column({ name: 'image_height', type: 'integer', nullable: true })
  imageHeight: number | null;

  /** Every page's image size, page 1 first; null for a multi-page PDF uploaded before pages were measured, until analysed. */
  @Column({ name: 'page_sizes', type: 'jsonb', nullable: true })
  pageSizes: ImageSize[] | null;

  /** How the last analysis read each page, page 1 first (null before any). */
  @Column({ name: 'page_sources', type: 'jsonb', nullable: true })
  pageSources: AnalysisSource[] | null;

  @Column({ name: 'upload_date', type: 'timestamptz', default: () => 'now()' })
  uploadDate: Date;

  @UpdatedAtColumn()
  updatedAt: Date;
}
