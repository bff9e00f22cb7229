import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** One attempt to analyse one drawing; the job id makes result writes idempotent. */
@Entity({ name: 'analysis_runs' })
@Index(['drawingId'])
export class AnalysisRunEntity {
  /** The job id of the JetStream message. */
  @PrimaryColumn('text')
  id: string;

  @Column({ name: 'drawing_id', type: 'uuid' })
  drawingId: string;

  @Column({ type: 'text' })
  status: 'running' | 'completed' | 'failed';

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ type: 'text', nullable: true })
  error: string | null;

  @Column({ name: 'started_at', type: 'timestamptz', default: () => 'now()' })
  startedAt: Date;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt: Date | null;
}
