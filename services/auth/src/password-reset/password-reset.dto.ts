import { ApiProperty } from '@nestjs/swagger';
import { MIN_PASSWORD_LENGTH_RESET, type ResetPasswordRequest, type VerifyResetTokenResponse } from '@pid/contracts';
import { z } from 'zod';
import { MESSAGES } from '../messages';
import { email, PASSWORD_MAX_LENGTH, resetPassword } from '../validation/account-fields';
import { bodyObject } from '@pid/platform';

export const forgotPasswordBody = bodyObject({ email });

/** A missing token is an invalid link (spec §4). */
export const resetPasswordBody = bodyObject({
  token: z.string({ error: MESSAGES.invalidResetToken }).min(1, MESSAGES.invalidResetToken),
  password: resetPassword,
}) satisfies z.ZodType<ResetPasswordRequest>;

export class ForgotPasswordDto {
  @ApiProperty({ example: 'jane@example.com' })
  email: string;
}

export class ResetPasswordDto implements ResetPasswordRequest {
  @ApiProperty({ description: 'The token from the reset link' })
  token: string;

  @ApiProperty({ minLength: MIN_PASSWORD_LENGTH_RESET, maxLength: PASSWORD_MAX_LENGTH })
  password: string;
}

export class ResetTokenValidityDto implements VerifyResetTokenResponse {
  @ApiProperty({ example: true })
  valid: boolean;
}
