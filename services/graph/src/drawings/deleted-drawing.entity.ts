import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A drawing whose graph was removed; analysis results that arrive for it afterwards are ignored. */
@Entity({ name: 'deleted_drawings' })
export class DeletedDrawingEntity {
  @PrimaryColumn('uuid', { name: 'drawing_id' })
  drawingId: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'deleted_at', type: 'timestamptz', default: () => 'now()' })
  deletedAt: Date;
}
