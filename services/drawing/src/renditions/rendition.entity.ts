import { Column, Entity, PrimaryColumn } from 'typeorm';
import { CreatedAtColumn } from '@pid/platform';

/** A browser-friendly PNG of one page of a PDF (or of a TIFF), made once and kept in object storage. */
@Entity({ name: 'drawing_renditions' })
export class RenditionEntity {
  @PrimaryColumn({ name: 'drawing_id', type: 'uuid' })
  drawingId: string;

  /** 1-based. */
  @PrimaryColumn({ type: 'integer' })
  page: number;

  @Column({ name: 'object_key', type: 'text' })
  objectKey: string;

  @Column({ name: 'content_type', type: 'text' })
  contentType: string;

  @Column({ type: 'integer' })
  width: number;

  @Column({ type: 'integer' })
  height: number;

  @Column({ name: 'size_bytes', type: 'integer' })
  sizeBytes: number;

  @CreatedAtColumn()
  createdAt: Date;
}
