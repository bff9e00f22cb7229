import type { ConnectionMetadata, RelationshipType } from '@pid/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A directed link between two elements of one drawing; removed with either end. */
@Entity({ name: 'connections' })
@Index(['drawingId', 'seq'])
export class ConnectionEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Identity column: lists come in this order (analysis order, then creation order). */
  @Column({ type: 'bigint', insert: false, update: false })
  seq: string;

  @Column({ name: 'drawing_id', type: 'uuid' })
  drawingId: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  /** The page it is drawn on: its source element's page. */
  @Column({ type: 'integer', default: 1 })
  page: number;

  @Column({ name: 'source_id', type: 'uuid' })
  sourceId: string;

  @Column({ name: 'target_id', type: 'uuid' })
  targetId: string;

  @Column({ type: 'text', default: '' })
  name: string;

  @Column({ type: 'text', default: '' })
  description: string;

  @Column({ name: 'relationship_type', type: 'text', default: 'connects to' })
  relationshipType: RelationshipType;

  @Column({ name: 'custom_relationship_type', type: 'text', nullable: true })
  customRelationshipType: string | null;

  @Column({ type: 'boolean', default: false })
  confirmed: boolean;

  @Column({ type: 'jsonb', default: {} })
  metadata: ConnectionMetadata;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
