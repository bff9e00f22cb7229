import { Column, Entity, PrimaryColumn } from 'typeorm';
import { CreatedAtColumn } from '@pid/platform';

/** A user's customer record at a payment provider: one Stripe customer per user. */
@Entity({ name: 'customers' })
export class CustomerEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;

  @PrimaryColumn({ type: 'text' })
  provider: string;

  @Column({ name: 'provider_customer_id', type: 'text' })
  providerCustomerId: string;

  @CreatedAtColumn()
  createdAt: Date;
}
