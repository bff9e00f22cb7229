import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { CheckoutSessionEntity } from './checkout-session.entity';
import { runSql } from '@pid/platform';

/** Checkout sessions in billing's schema. Status changes are single compare-and-set statements. */
@Injectable()
export class CheckoutSessionsStore {
  constructor(@InjectRepository(CheckoutSessionEntity) private readonly rows: Repository<CheckoutSessionEntity>) {}

  create(
    row: Pick<CheckoutSessionEntity, 'userId' | 'provider' | 'providerSessionId' | 'priceId' | 'url' | 'expiresAt'>,
  ): Promise<CheckoutSessionEntity> {
    return this.rows.save(this.rows.create({ ...row, status: 'open' }));
  }

  /** Only the owner's session is found: another user's id answers null, like an unknown one. */
  findForUser(providerSessionId: string, userId: string): Promise<CheckoutSessionEntity | null> {
    return this.rows.findOneBy({ providerSessionId, userId });
  }

  find(provider: string, providerSessionId: string, manager: EntityManager = this.rows.manager): Promise<CheckoutSessionEntity | null> {
    return manager.findOneBy(CheckoutSessionEntity, { provider, providerSessionId });
  }

  /** Row-locked for the rest of the transaction, so that one Pay or Cancel wins. */
  findForUpdate(provider: string, providerSessionId: string, manager: EntityManager): Promise<CheckoutSessionEntity | null> {
    return manager.findOne(CheckoutSessionEntity, { where: { provider, providerSessionId }, lock: { mode: 'pessimistic_write' } });
  }

  /** Marks a session paid and links its subscription; repeating it (webhook after verify) changes nothing else. */
  async complete(id: string, subscriptionId: string | null, manager: EntityManager = this.rows.manager): Promise<void> {
    await runSql(
      manager,
      `UPDATE checkout_sessions
         SET status = 'complete', completed_at = COALESCE(completed_at, now()), subscription_id = COALESCE($2, subscription_id)
       WHERE id = $1`,
      [id, subscriptionId],
    );
  }

  /** Closes an open session (canceled or expired); answers false when it was no longer open. */
  async close(id: string, status: 'canceled' | 'expired', manager: EntityManager = this.rows.manager): Promise<boolean> {
    const { affected } = await runSql(manager, `UPDATE checkout_sessions SET status = $2 WHERE id = $1 AND status = 'open'`, [id, status]);
    return affected > 0;
  }
}
