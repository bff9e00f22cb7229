import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn, UpdatedAtColumn, UserIdColumn } from '@pid/platform';

/** One subscription of one user, as the payment provider last described it. */
@Entity({ name: 'subscriptions' })
@Index(['userId', 'createdAt'])
export class SubscriptionEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @UserIdColumn()
  userId: string;

  /** `stripe` or `local` (the offline test-mode provider). */
  @Column({ type: 'text' })
  provider: string;

  /** The id users and other services see (`sub_…`). */
  @Column({ name: 'provider_subscription_id', type: 'text', unique: true })
  providerSubscriptionId: string;

  @Column({ name: 'provider_customer_id', type: 'text', nullable: true })
  providerCustomerId: string | null;

  /** The provider's status: active, trialing, past_due, canceled, unpaid, incomplete, … */
  @Column({ type: 'text' })
  status: string;

  /** The label shown for the plan: the price's nickname, else the product's name. */
  @Column({ name: 'plan_name', type: 'text' })
  planName: string;

  @Column({ name: 'plan_nickname', type: 'text', nullable: true })
  planNickname: string | null;

  @Column({ name: 'price_id', type: 'text', nullable: true })
  priceId: string | null;

  /** Minor currency units. */
  @Column({ type: 'integer' })
  amount: number;

  @Column({ type: 'text', default: 'usd' })
  currency: string;

  @Column({ type: 'text', default: 'year' })
  interval: string;

  @Column({ name: 'interval_count', type: 'integer', default: 1 })
  intervalCount: number;

  @Column({ name: 'product_name', type: 'text', nullable: true })
  productName: string | null;

  @Column({ name: 'product_description', type: 'text', nullable: true })
  productDescription: string | null;

  @Column({ name: 'payment_method_brand', type: 'text', nullable: true })
  paymentMethodBrand: string | null;

  @Column({ name: 'payment_method_last4', type: 'text', nullable: true })
  paymentMethodLast4: string | null;

  @Column({ name: 'current_period_start', type: 'timestamptz', nullable: true })
  currentPeriodStart: Date | null;

  @Column({ name: 'current_period_end', type: 'timestamptz', nullable: true })
  currentPeriodEnd: Date | null;

  @Column({ name: 'cancel_at_period_end', type: 'boolean', default: false })
  cancelAtPeriodEnd: boolean;

  @Column({ name: 'cancel_at', type: 'timestamptz', nullable: true })
  cancelAt: Date | null;

  @Column({ name: 'canceled_at', type: 'timestamptz', nullable: true })
  canceledAt: Date | null;

  @Column({ name: 'ended_at', type: 'timestamptz', nullable: true })
  endedAt: Date | null;

  /** When the provider created the subscription. */
  @CreatedAtColumn()
  createdAt: Date;

  @UpdatedAtColumn()
  updatedAt: Date;
}
