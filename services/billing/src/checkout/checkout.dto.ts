import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { CheckoutSessionResponse, PaymentVerificationResponse } from '@pid/contracts';
import { z } from 'zod';
import { MESSAGES } from '../messages';

/** Every way a body can fail (not an object, no price id, not a string) reads as spec §5's one message. */
export const createCheckoutBody = z.object(
  { priceId: z.string({ error: MESSAGES.invalidProduct }).trim().min(1, MESSAGES.invalidProduct).max(255, MESSAGES.invalidProduct) },
  { error: MESSAGES.invalidProduct },
);

export class CreateCheckoutSessionDto {
  @ApiProperty({ example: 'price_pid_annual', description: 'The price id of the product (GET /api/payments/products/{id})' })
  priceId: string;
}

export class CheckoutSessionResponseDto implements CheckoutSessionResponse {
  @ApiProperty({ description: 'The hosted payment page; the browser navigates to it' })
  url: string;
}

class VerifiedSubscriptionDto {
  @ApiProperty({ example: 'active' })
  status: string;

  @ApiProperty({ example: 'Annual Subscription' })
  plan: string;

  @ApiProperty({ example: '2027-01-01T00:00:00.000Z', description: 'The next billing date' })
  currentPeriodEnd: string;
}

export class PaymentVerificationResponseDto implements PaymentVerificationResponse {
  @ApiProperty()
  success: boolean;

  @ApiProperty({ example: 'Payment successful! Your subscription is now active.' })
  message: string;

  @ApiPropertyOptional({ type: VerifiedSubscriptionDto })
  subscription?: VerifiedSubscriptionDto;
}
