import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** One subscription of one user, as the payment provider last described it. */
@Entity({ name: 'subscriptions' })
@Index(['userId', 'createdAt'])
export class SubscriptionEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  /** `stripe` or `local` (the offline test-mode provider). */
  @Column({ type: 'text' })
  provider: string;

  @Column({ name: 'provider_subscription_id', type: 'text', unique: true })
  providerSubscriptionId: string;

  @Column({ type: 'text' })
  status: string;

  @Column({ name: 'plan_name', type: 'text' })
  planName: string;

  /** Minor currency units. */
  @Column({ type: 'integer' })
  amount: number;

  @Column({ type: 'text', default: 'usd' })
  currency: string;

  @Column({ type: 'text', default: 'year' })
  interval: string;

  @Column({ name: 'current_period_start', type: 'timestamptz', nullable: true })
  currentPeriodStart: Date | null;

  @Column({ name: 'current_period_end', type: 'timestamptz', nullable: true })
  currentPeriodEnd: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
