import { Controller, Get, HttpCode, HttpStatus, Inject, Param, Post, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CurrentUser, JwtAuthGuard, type AuthenticatedUser, ErrorBodyDto, MessageResponseDto } from '@pid/platform';
import { MESSAGES } from '../messages';
import { RateLimited } from '../rate-limit/rate-limit.guard';
import { UsersService } from '../users/users.service';
import { EmailVerifiedDto } from './email-verification.dto';
import { EmailVerificationService } from './email-verification.service';

@ApiTags('auth')
@Controller('auth')
export class EmailVerificationController {
  constructor(
    @Inject(EmailVerificationService) private readonly verification: EmailVerificationService,
    @Inject(UsersService) private readonly users: UsersService,
  ) {}

  @Get('verify-email/:token')
  @ApiOperation({ summary: 'Verify the e-mail address with the token from the mailed link', description: 'Each link works once.' })
  @ApiOkResponse({ type: EmailVerifiedDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'Unknown, used or expired token' })
  async verify(@Param('token') token: string): Promise<EmailVerifiedDto> {
    const user = await this.verification.verify(token);
    return { msg: MESSAGES.emailVerified, user: await this.users.present(user) };
  }

  @Post('resend-verification')
  @HttpCode(HttpStatus.OK)
  @RateLimited('resend-verification')
  @UseGuards(JwtAuthGuard)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Mail a new verification link to the signed-in user' })
  @ApiOkResponse({ type: MessageResponseDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: '`Email is already verified`' })
  @ApiUnauthorizedResponse({ type: ErrorBodyDto })
  @ApiServiceUnavailableResponse({ type: ErrorBodyDto, description: 'The mail server did not take the message' })
  async resend(@CurrentUser() caller: AuthenticatedUser): Promise<MessageResponseDto> {
    await this.verification.resend(caller.id);
    return { msg: MESSAGES.verificationSent };
  }
}
