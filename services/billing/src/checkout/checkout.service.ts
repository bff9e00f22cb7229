import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { CheckoutSessionResponse, PaymentVerificationResponse } from '@pid/contracts';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { ProductCatalogue } from '../catalogue/product-catalogue';
import { isSessionId } from '../ids';
import { MESSAGES } from '../messages';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../providers/payment-provider';
import { isActiveAt, SubscriptionsService } from '../subscriptions/subscriptions.service';
import { SubscriptionEntity } from '../subscriptions/subscription.entity';
import { UserLookupClient } from '../users/user-lookup.client';
import { CheckoutSessionsStore } from './checkout-sessions.store';

/** Starting a checkout with the configured provider, and verifying it when the browser comes back. */
@Injectable()
export class CheckoutService {
  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(ProductCatalogue) private readonly catalogue: ProductCatalogue,
    @Inject(UserLookupClient) private readonly users: UserLookupClient,
    @Inject(SubscriptionsService) private readonly subscriptions: SubscriptionsService,
    @Inject(CheckoutSessionsStore) private readonly sessions: CheckoutSessionsStore,
    @InjectRepository(SubscriptionEntity) private readonly subscriptionRows: Repository<SubscriptionEntity>,
  ) {}

  /** Checks in the order: price (400), verified user (503, 401, 403), no active subscription (409). */
  async start(userId: string, priceId: string): Promise<CheckoutSessionResponse> {
    const price = this.catalogue.findPrice(priceId);
    if (!price) throw new BadRequestException(MESSAGES.invalidProduct);
    const user = await this.users.verifiedUser(userId);
    if (await this.subscriptions.hasActive(userId)) throw new ConflictException(MESSAGES.alreadySubscribed);
    const started = await this.provider.startCheckout(user, price);
    await this.sessions.create({
      userId,
      provider: this.provider.name,
      providerSessionId: started.providerSessionId,
      priceId: price.id,
      url: started.url,
      expiresAt: started.expiresAt,
    });
    return { url: started.url };
  }

  /** The outcome of the caller's own checkout session; anyone else's is 404, like an unknown one. */
  async verify(userId: string, sessionId: string): Promise<PaymentVerificationResponse> {
    const found = isSessionId(sessionId) ? await this.sessions.findForUser(sessionId, userId) : null;
    if (!found) throw new NotFoundException(MESSAGES.sessionNotFound);
    await this.provider.refresh(found);
    const session = (await this.sessions.findForUser(sessionId, userId)) ?? found;
    switch (session.status) {
      case 'open':
        return { success: false, message: MESSAGES.paymentNotCompleted };
      case 'canceled':
        return { success: false, message: MESSAGES.checkoutCanceled };
      case 'expired':
        return { success: false, message: MESSAGES.checkoutExpired };
      case 'complete': {
        const subscription = session.subscriptionId ? await this.subscriptionRows.findOneBy({ id: session.subscriptionId }) : null;
        if (!subscription) return { success: false, message: MESSAGES.paymentProcessing };
        const active = isActiveAt(subscription);
        return {
          success: active,
          message: active ? MESSAGES.paymentSucceeded : MESSAGES.paymentProcessing,
          subscription: {
            status: subscription.status,
            plan: subscription.planNickname ?? subscription.planName,
            currentPeriodEnd: subscription.currentPeriodEnd?.toISOString() ?? '',
          },
        };
      }
    }
  }
}
