import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A webhook event already applied. Providers deliver at least once; this makes each count once. */
@Entity({ name: 'processed_webhook_events' })
export class ProcessedWebhookEventEntity {
  @PrimaryColumn({ name: 'event_id', type: 'text' })
  eventId: string;

  @Column({ type: 'text' })
  provider: string;

  @Column({ type: 'text' })
  type: string;

  @CreateDateColumn({ name: 'processed_at', type: 'timestamptz' })
  processedAt: Date;
}
