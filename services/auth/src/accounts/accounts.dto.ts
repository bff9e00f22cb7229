import { ApiProperty } from '@nestjs/swagger';
import { MIN_PASSWORD_LENGTH_REGISTER, type LoginRequest, type RegisterRequest, type TokenResponse } from '@pid/contracts';
import { z } from 'zod';
import { MESSAGES } from '../messages';
import {
  email,
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  registrationPassword,
  username,
  USERNAME_MAX_LENGTH,
} from '../validation/account-fields';
import { bodyObject } from '@pid/platform';

/** Checked in the client's order (spec §5): password, then e-mail; username first as the form shows it. */
export const registerBody = bodyObject({ username, password: registrationPassword, email }) satisfies z.ZodType<RegisterRequest>;

/** Login checks no format (spec §5); a bad address simply matches no account. */
const credential = z.string({ error: MESSAGES.credentialsRequired }).min(1, MESSAGES.credentialsRequired);
export const loginBody = bodyObject({ email: credential.trim(), password: credential }) satisfies z.ZodType<LoginRequest>;

export class RegisterDto implements RegisterRequest {
  @ApiProperty({ example: 'jane', maxLength: USERNAME_MAX_LENGTH })
  username: string;

  @ApiProperty({ example: 'jane@example.com', maxLength: EMAIL_MAX_LENGTH, description: 'Unique, compared case-insensitively' })
  email: string;

  @ApiProperty({ example: 'correct horse', minLength: MIN_PASSWORD_LENGTH_REGISTER, maxLength: PASSWORD_MAX_LENGTH })
  password: string;
}

export class LoginDto implements LoginRequest {
  @ApiProperty({ example: 'jane@example.com' })
  email: string;

  @ApiProperty({ example: 'correct horse' })
  password: string;
}

export class TokenResponseDto implements TokenResponse {
  @ApiProperty({ description: 'HS256 login token; `sub` is the user id, `exp` the expiry in seconds' })
  token: string;
}
