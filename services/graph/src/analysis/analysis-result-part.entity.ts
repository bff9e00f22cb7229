import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** One part of an analysis result sent in parts, kept until every part of its split has arrived. */
@Entity({ name: 'analysis_result_parts' })
@Index(['drawingId'])
export class AnalysisResultPartEntity {
  @PrimaryColumn('text', { name: 'job_id' })
  jobId: string;

  /** The split the part belongs to (`part.resultId`): parts of different splits never mix. */
  @PrimaryColumn('text', { name: 'result_id' })
  resultId: string;

  /** 1-based. */
  @PrimaryColumn('integer')
  part: number;

  @Column({ name: 'part_count', type: 'integer' })
  partCount: number;

  @Column({ name: 'drawing_id', type: 'uuid' })
  drawingId: string;

  /** The part's `AnalysisResultEvent` as received. */
  @Column({ type: 'jsonb' })
  payload: unknown;

  @Column({ name: 'received_at', type: 'timestamptz', default: () => 'now()' })
  receivedAt: Date;
}
