import { Controller, Get, HttpStatus, Inject, Param, Post, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { SERVICE_ENV } from '@pid/platform';
import type { Response } from 'express';
import { ProductCatalogue } from '../catalogue/product-catalogue';
import { paymentProviderName, type BillingEnv } from '../env';
import { isSessionId } from '../ids';
import { MESSAGES } from '../messages';
import { LocalPaymentProvider, testCheckoutPath } from './local-payment.provider';
import { formatPrice, intervalSuffix, renderCheckoutPage, renderNoticePage, testCheckoutCsp } from './test-checkout.page';

/**
 * The hosted checkout of the offline test mode, as HTML for the browser (not part of the JSON API).
 * No login token reaches it (top-level navigation): the unguessable session id in the path is the
 * key, and Pay and Cancel work once per session. Pay returns to the web app's /payment-success with
 * the session id, exactly as Stripe Checkout does; Cancel returns to /checkout.
 */
@ApiExcludeController()
@Controller('payments/test-checkout')
export class TestCheckoutController {
  private readonly csp: string;

  constructor(
    @Inject(SERVICE_ENV) private readonly env: BillingEnv,
    @Inject(LocalPaymentProvider) private readonly local: LocalPaymentProvider,
    @Inject(ProductCatalogue) private readonly catalogue: ProductCatalogue,
  ) {
    this.csp = testCheckoutCsp(new URL(env.PUBLIC_URL).origin);
  }

  @Get(':sessionId')
  async show(@Param('sessionId') sessionId: string, @Res() response: Response): Promise<void> {
    const session = this.enabled() && isSessionId(sessionId) ? await this.local.pageSession(sessionId) : null;
    if (!session) return this.notFound(response);
    if (session.status === 'complete') return this.redirect(response, this.successUrl(sessionId));
    if (session.status !== 'open') return this.closed(response);
    const { product } = this.catalogue;
    const price = this.catalogue.findPrice(session.priceId) ?? product.defaultPrice;
    const path = testCheckoutPath(sessionId);
    this.page(
      response,
      HttpStatus.OK,
      renderCheckoutPage({
        productName: product.name,
        description: product.description,
        price: formatPrice(price.unitAmount, price.currency),
        intervalSuffix: intervalSuffix(price.recurringInterval, price.recurringIntervalCount),
        payAction: `${path}/pay`,
        cancelAction: `${path}/cancel`,
      }),
    );
  }

  @Post(':sessionId/pay')
  async pay(@Param('sessionId') sessionId: string, @Res() response: Response): Promise<void> {
    const outcome = this.enabled() && isSessionId(sessionId) ? await this.local.pay(sessionId) : ({ kind: 'not-found' } as const);
    switch (outcome.kind) {
      case 'paid':
        return this.redirect(response, this.successUrl(sessionId));
      case 'closed':
        return this.closed(response);
      case 'already-subscribed':
        return this.page(
          response,
          HttpStatus.CONFLICT,
          renderNoticePage({
            title: 'Already subscribed',
            message: MESSAGES.alreadySubscribed,
            linkHref: `${this.env.PUBLIC_URL}/dashboard`,
            linkLabel: 'Go to Dashboard',
          }),
        );
      case 'not-found':
        return this.notFound(response);
    }
  }

  @Post(':sessionId/cancel')
  async cancel(@Param('sessionId') sessionId: string, @Res() response: Response): Promise<void> {
    const outcome = this.enabled() && isSessionId(sessionId) ? await this.local.cancel(sessionId) : ({ kind: 'not-found' } as const);
    if (outcome.kind === 'not-found') return this.notFound(response);
    if (outcome.kind === 'paid') return this.redirect(response, this.successUrl(sessionId));
    this.redirect(response, `${this.env.PUBLIC_URL}/checkout`);
  }

  /** Only in test mode: with Stripe configured, nobody may pay here. */
  private enabled(): boolean {
    return paymentProviderName(this.env) === 'local';
  }

  private successUrl(sessionId: string): string {
    return `${this.env.PUBLIC_URL}/payment-success?session_id=${encodeURIComponent(sessionId)}`;
  }

  private notFound(response: Response): void {
    this.page(
      response,
      HttpStatus.NOT_FOUND,
      renderNoticePage({
        title: 'Checkout not found',
        message: 'This checkout link is not valid.',
        linkHref: `${this.env.PUBLIC_URL}/pricing`,
        linkLabel: 'Back to Pricing',
      }),
    );
  }

  private closed(response: Response): void {
    this.page(
      response,
      HttpStatus.GONE,
      renderNoticePage({
        title: 'Checkout closed',
        message: 'This checkout session has expired or was canceled. No payment was taken.',
        linkHref: `${this.env.PUBLIC_URL}/checkout`,
        linkLabel: 'Start a new checkout',
      }),
    );
  }

  private page(response: Response, status: number, html: string): void {
    this.secure(response);
    response.status(status).type('html').send(html);
  }

  /** 303: the browser follows with a GET, as after Stripe's hosted checkout. */
  private redirect(response: Response, url: string): void {
    this.secure(response);
    response.redirect(HttpStatus.SEE_OTHER, url);
  }

  private secure(response: Response): void {
    response.set({
      'Cache-Control': 'no-store',
      'Content-Security-Policy': this.csp,
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
    });
  }
}
