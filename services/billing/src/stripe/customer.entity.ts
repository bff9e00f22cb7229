import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A user's customer record at a payment provider: one Stripe customer per user. */
@Entity({ name: 'customers' })
export class CustomerEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;

  @PrimaryColumn({ type: 'text' })
  provider: string;

  @Column({ name: 'provider_customer_id', type: 'text' })
  providerCustomerId: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
