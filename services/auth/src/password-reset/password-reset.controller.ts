import { Body, Controller, Get, HttpCode, HttpStatus, Inject, Param, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ZodBodyPipe, ErrorBodyDto, MessageResponseDto } from '@pid/platform';
import { MESSAGES } from '../messages';
import { RateLimited } from '../rate-limit/rate-limit.guard';
import { ForgotPasswordDto, ResetPasswordDto, ResetTokenValidityDto } from './password-reset.dto';
import { PasswordResetService } from './password-reset.service';

@ApiTags('auth')
@Controller('auth')
export class PasswordResetController {
  constructor(@Inject(PasswordResetService) private readonly passwordReset: PasswordResetService) {}

  @Post('forgot-password')
  @HttpCode(HttpStatus.OK)
  @RateLimited('forgot-password')
  @ApiOperation({
    summary: 'Mail a password reset link',
    description: 'The answer is the same whether or not the address has an account.',
  })
  @ApiOkResponse({ type: MessageResponseDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'Not an e-mail address' })
  forgot(@Body(new ZodBodyPipe(ForgotPasswordDto.schema)) body: ForgotPasswordDto): MessageResponseDto {
    this.passwordReset.requestReset(body.email);
    return { msg: MESSAGES.resetRequested };
  }

  @Get('verify-reset-token/:token')
  @ApiOperation({ summary: 'Whether a reset link can still be used' })
  @ApiOkResponse({ type: ResetTokenValidityDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'Unknown, used or expired token' })
  async check(@Param('token') token: string): Promise<ResetTokenValidityDto> {
    await this.passwordReset.check(token);
    return { valid: true };
  }

  @Post('reset-password')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Set a new password with the token from a reset link',
    description: 'Every reset link of the user stops working.',
  })
  @ApiOkResponse({ type: MessageResponseDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'Too short a password, or an unknown, used or expired token' })
  async reset(@Body(new ZodBodyPipe(ResetPasswordDto.schema)) body: ResetPasswordDto): Promise<MessageResponseDto> {
    await this.passwordReset.reset(body.token, body.password);
    return { msg: MESSAGES.passwordReset };
  }
}
