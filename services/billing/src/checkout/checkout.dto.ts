import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { CheckoutSessionResponse, PaymentVerificationResponse } from '@pid/contracts';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { MESSAGES } from '../messages';

/** Every way a body can fail (not an object, no price id, not a string) reads as spec §5's one message. */
export const createCheckoutBody = z.object(
  { priceId: z.string({ error: MESSAGES.invalidProduct }).trim().min(1, MESSAGES.invalidProduct).max(255, MESSAGES.invalidProduct) },
  { error: MESSAGES.invalidProduct },
);

/** The body's OpenAPI schema and type, from the zod schema that validates it (nestjs-zod). */
export class CreateCheckoutSessionDto extends createZodDto(createCheckoutBody) {}

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
