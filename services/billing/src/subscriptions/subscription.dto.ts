import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { PaymentMethodSummary, SubscriptionInfo, SubscriptionStatusResponse } from '@pid/contracts';

class PlanDto {
  @ApiPropertyOptional({ type: String, nullable: true, example: 'Annual Subscription', description: 'Plan nickname, else product name' })
  nickname?: string | null;

  @ApiProperty({ example: 10000, description: 'Minor currency units' })
  amount: number;

  @ApiPropertyOptional({ example: 'usd' })
  currency?: string;

  @ApiPropertyOptional({ example: 'year' })
  interval?: string;
}

class SubscriptionProductDto {
  @ApiProperty({ example: 'Annual Subscription' })
  name: string;

  @ApiPropertyOptional()
  description?: string;
}

class PaymentMethodDto implements PaymentMethodSummary {
  @ApiProperty({ example: 'visa' })
  brand: string;

  @ApiProperty({ example: '4242' })
  last4: string;
}

export class SubscriptionInfoDto implements SubscriptionInfo {
  @ApiProperty({ example: 'sub_1Q…' })
  subscriptionId: string;

  @ApiProperty({ example: 'active', description: 'The provider’s status: active, trialing, past_due, canceled, …' })
  status: string;

  @ApiPropertyOptional({ type: PlanDto })
  plan?: PlanDto;

  @ApiPropertyOptional({ type: SubscriptionProductDto })
  product?: SubscriptionProductDto;

  @ApiPropertyOptional({ type: PaymentMethodDto, nullable: true })
  payment_method?: PaymentMethodDto | null;

  @ApiPropertyOptional({ example: '2026-01-01T00:00:00.000Z' })
  current_period_start?: string;

  @ApiPropertyOptional({ example: '2027-01-01T00:00:00.000Z' })
  current_period_end?: string;

  @ApiPropertyOptional({ example: '2026-01-01T00:00:00.000Z' })
  created?: string;

  @ApiPropertyOptional({ description: 'Ends at current_period_end instead of renewing' })
  cancel_at_period_end?: boolean;

  @ApiPropertyOptional({ type: String, nullable: true })
  canceled_at?: string | null;
}

export class SubscriptionStatusResponseDto implements SubscriptionStatusResponse {
  @ApiProperty({ description: 'An active (or trialing) subscription whose current period has not ended' })
  isActive: boolean;

  @ApiProperty({ type: String, nullable: true })
  subscriptionId: string | null;

  @ApiProperty({ type: String, nullable: true })
  status: string | null;

  @ApiPropertyOptional({ type: SubscriptionInfoDto, description: 'The active subscription, else the newest one' })
  subscription?: SubscriptionInfoDto;

  @ApiPropertyOptional({ type: [SubscriptionInfoDto], description: 'All of the user’s subscriptions, newest first' })
  history?: SubscriptionInfoDto[];
}
