import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** An analysis run whose result was applied to a drawing's graph; a redelivered result finds it and changes nothing. */
@Entity({ name: 'applied_analysis_runs' })
@Index(['drawingId'])
export class AppliedAnalysisRunEntity {
  /** The `jobId` of the `AnalysisResultEvent`. */
  @PrimaryColumn('text', { name: 'job_id' })
  jobId: string;

  @Column({ name: 'drawing_id', type: 'uuid' })
  drawingId: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'element_count', type: 'integer', default: 0 })
  elementCount: number;

  @Column({ name: 'connection_count', type: 'integer', default: 0 })
  connectionCount: number;

  @Column({ name: 'applied_at', type: 'timestamptz', default: () => 'now()' })
  appliedAt: Date;
}
