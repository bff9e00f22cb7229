import type { ElementType, GraphItemMetadata } from '@pid/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A detected or user-drawn item on a drawing, with its box in the drawing's pixel space. */
@Entity({ name: 'elements' })
@Index(['drawingId', 'seq'])
export class ElementEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Identity column: lists come in this order (analysis order, then creation order). */
  @Column({ type: 'bigint', insert: false, update: false })
  seq: string;

  @Column({ name: 'drawing_id', type: 'uuid' })
  drawingId: string;

  /** The drawing's owner, copied here so that every query can be scoped to the caller. */
  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'integer', default: 1 })
  page: number;

  @Column({ name: 'element_type', type: 'text' })
  elementType: ElementType;

  @Column({ type: 'text', default: '' })
  name: string;

  @Column({ type: 'text', default: '' })
  description: string;

  @Column({ type: 'double precision' })
  x: number;

  @Column({ type: 'double precision' })
  y: number;

  @Column({ type: 'double precision' })
  width: number;

  @Column({ type: 'double precision' })
  height: number;

  @Column({ type: 'boolean', default: false })
  confirmed: boolean;

  @Column({ type: 'jsonb', default: {} })
  metadata: GraphItemMetadata;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
