import type { DrawingMetadata, DrawingStatus } from '@pid/contracts';
import { Column, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** An uploaded drawing and its processing state. The file itself lives in object storage. */
@Entity({ name: 'drawings' })
@Index(['userId', 'uploadDate'])
export class DrawingEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', default: 'uploaded' })
  status: DrawingStatus;

  @Column({ name: 'processing_message', type: 'text', nullable: true })
  processingMessage: string | null;

  /** The file name as uploaded, for display only. */
  @Column({ name: 'document_name', type: 'text' })
  documentName: string;

  /** Generated storage key; never derived from user input. */
  @Column({ name: 'object_key', type: 'text' })
  objectKey: string;

  @Column({ name: 'content_type', type: 'text' })
  contentType: string;

  @Column({ name: 'size_bytes', type: 'integer' })
  sizeBytes: number;

  @Column({ type: 'jsonb', default: {} })
  metadata: DrawingMetadata;

  @Column({ name: 'upload_date', type: 'timestamptz', default: () => 'now()' })
  uploadDate: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
