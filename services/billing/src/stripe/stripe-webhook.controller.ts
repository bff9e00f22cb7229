import { Controller, Headers, HttpCode, HttpStatus, Inject, Post, Req, type RawBodyRequest } from '@nestjs/common';
import { ApiBadRequestResponse, ApiHeader, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { StripeWebhooks, type WebhookReceipt } from './stripe-webhooks.service';
import { ErrorBodyDto } from '@pid/platform';

class WebhookReceiptDto implements WebhookReceipt {
  @ApiProperty({ enum: [true] })
  received: true;

  @ApiProperty({ required: false, enum: [true], description: 'The event id was processed before' })
  duplicate?: true;

  @ApiProperty({ required: false, enum: [true], description: 'An event type billing does not act on' })
  ignored?: true;
}

@ApiTags('payments')
@Controller('payments')
export class StripeWebhookController {
  constructor(@Inject(StripeWebhooks) private readonly webhooks: StripeWebhooks) {}

  @Post('webhook')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Stripe webhook',
    description:
      'Called by Stripe only. The `Stripe-Signature` header is checked over the raw body. Handles checkout.session.completed, ' +
      'customer.subscription.created|updated|deleted, invoice.paid and invoice.payment_failed, each event id once.',
  })
  @ApiHeader({ name: 'stripe-signature', required: true })
  @ApiOkResponse({ type: WebhookReceiptDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: '`Invalid webhook signature`: missing, tampered, stale or foreign' })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'Test mode: Stripe is not configured' })
  async webhook(
    @Req() request: RawBodyRequest<Request>,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<WebhookReceiptDto> {
    const event = this.webhooks.verify(request.rawBody, signature);
    return this.webhooks.process(event);
  }
}
