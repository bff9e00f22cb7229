import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn, UserIdColumn } from '@pid/platform';

export const CHECKOUT_STATUSES = ['open', 'complete', 'canceled', 'expired'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

/** One checkout a user started, with the provider's session id that the success page returns with. */
@Entity({ name: 'checkout_sessions' })
@Index(['userId', 'createdAt'])
export class CheckoutSessionEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @UserIdColumn()
  userId: string;

  @Column({ type: 'text' })
  provider: string;

  /**
   * Stripe's `cs_…` id, or the local provider's `cs_test_…` id. The local one is 256 random bits and
   * is the only key to its test checkout page (a browser navigates there without the login token).
   */
  @Column({ name: 'provider_session_id', type: 'text', unique: true })
  providerSessionId: string;

  @Column({ name: 'price_id', type: 'text' })
  priceId: string;

  @Column({ type: 'text', default: 'open' })
  status: CheckoutStatus;

  /** Where the browser goes to pay. */
  @Column({ type: 'text' })
  url: string;

  /** The subscription the payment started (our id). */
  @Column({ name: 'subscription_id', type: 'uuid', nullable: true })
  subscriptionId: string | null;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @CreatedAtColumn()
  createdAt: Date;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt: Date | null;
}
