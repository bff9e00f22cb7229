import { Body, Controller, Get, HttpCode, HttpStatus, Inject, Param, Post, UseGuards } from '@nestjs/common';
import {
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CurrentUser, JwtAuthGuard, ZodBodyPipe, type AuthenticatedUser, ErrorBodyDto } from '@pid/platform';
import { callerId } from '../ids';
import { CheckoutService } from './checkout.service';
import { CheckoutSessionResponseDto, CreateCheckoutSessionDto, PaymentVerificationResponseDto } from './checkout.dto';

@ApiTags('payments')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ type: ErrorBodyDto })
@UseGuards(JwtAuthGuard)
@Controller('payments')
export class CheckoutController {
  constructor(@Inject(CheckoutService) private readonly checkout: CheckoutService) {}

  @Post('create-checkout-session')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Start paying for the plan',
    description:
      'Answers the hosted payment page (Stripe Checkout, or the test-mode page) for a verified user without an active subscription.',
  })
  @ApiOkResponse({ type: CheckoutSessionResponseDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: '`Invalid product information`' })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: 'The e-mail address is not verified' })
  @ApiConflictResponse({ type: ErrorBodyDto, description: '`You already have an active subscription.`' })
  @ApiBadGatewayResponse({ type: ErrorBodyDto, description: 'The payment provider failed' })
  @ApiServiceUnavailableResponse({ type: ErrorBodyDto, description: 'Auth did not answer' })
  create(
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodBodyPipe(CreateCheckoutSessionDto.schema)) body: CreateCheckoutSessionDto,
  ): Promise<CheckoutSessionResponseDto> {
    return this.checkout.start(callerId(caller), body.priceId);
  }

  @Get('verify-session/:sessionId')
  @ApiOperation({
    summary: 'The outcome of a checkout',
    description: 'For the payment-success page, with the session_id that the provider returned with. Only the caller’s own sessions.',
  })
  @ApiOkResponse({ type: PaymentVerificationResponseDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'Unknown, or another user’s, session' })
  @ApiBadGatewayResponse({ type: ErrorBodyDto, description: 'The payment provider failed' })
  verify(@CurrentUser() caller: AuthenticatedUser, @Param('sessionId') sessionId: string): Promise<PaymentVerificationResponseDto> {
    return this.checkout.verify(callerId(caller), sessionId);
  }
}
