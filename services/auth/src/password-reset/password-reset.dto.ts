import { ApiProperty } from '@nestjs/swagger';
import type { ResetPasswordRequest, VerifyResetTokenResponse } from '@pid/contracts';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { MESSAGES } from '../messages';
import { email, resetPassword } from '../validation/account-fields';
import { bodyObject } from '@pid/platform';

export const forgotPasswordBody = bodyObject({ email });

/** A missing token is an invalid link (spec §4). */
export const resetPasswordBody = bodyObject({
  token: z.string({ error: MESSAGES.invalidResetToken }).min(1, MESSAGES.invalidResetToken),
  password: resetPassword,
}) satisfies z.ZodType<ResetPasswordRequest>;

/** The request bodies' OpenAPI schemas and types, from the same zod schemas that validate them (nestjs-zod). */
export class ForgotPasswordDto extends createZodDto(forgotPasswordBody) {}
export class ResetPasswordDto extends createZodDto(resetPasswordBody) {}

export class ResetTokenValidityDto implements VerifyResetTokenResponse {
  @ApiProperty({ example: true })
  valid: boolean;
}
