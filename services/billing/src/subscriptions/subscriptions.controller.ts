import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { CurrentUser, JwtAuthGuard, type AuthenticatedUser, ErrorBodyDto } from '@pid/platform';
import { callerId } from '../ids';
import { SubscriptionStatusResponseDto } from './subscription.dto';
import { SubscriptionsService } from './subscriptions.service';

@ApiTags('payments')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('payments')
export class SubscriptionsController {
  constructor(@Inject(SubscriptionsService) private readonly subscriptions: SubscriptionsService) {}

  @Get('subscription-status')
  @ApiOperation({
    summary: 'The caller’s subscription',
    description: '`isActive`, `subscriptionId` and `status`, plus the current subscription and the history that the profile page shows.',
  })
  @ApiOkResponse({ type: SubscriptionStatusResponseDto })
  @ApiUnauthorizedResponse({ type: ErrorBodyDto })
  status(@CurrentUser() caller: AuthenticatedUser): Promise<SubscriptionStatusResponseDto> {
    return this.subscriptions.status(callerId(caller));
  }
}
