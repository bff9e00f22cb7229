import { ApiProperty } from '@nestjs/swagger';
import type { LoginRequest, RegisterRequest, TokenResponse } from '@pid/contracts';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { MESSAGES } from '../messages';
import { email, registrationPassword, username } from '../validation/account-fields';
import { bodyObject } from '@pid/platform';

/** Checked in the client's order (spec §5): password, then e-mail; username first as the form shows it. */
export const registerBody = bodyObject({ username, password: registrationPassword, email }) satisfies z.ZodType<RegisterRequest>;

/** Login checks no format (spec §5); a bad address simply matches no account. */
const credential = z.string({ error: MESSAGES.credentialsRequired }).min(1, MESSAGES.credentialsRequired);
export const loginBody = bodyObject({ email: credential.trim(), password: credential }) satisfies z.ZodType<LoginRequest>;

/** The request bodies' OpenAPI schemas and types, from the same zod schemas that validate them (nestjs-zod). */
export class RegisterDto extends createZodDto(registerBody) {}
export class LoginDto extends createZodDto(loginBody) {}

export class TokenResponseDto implements TokenResponse {
  @ApiProperty({ description: 'HS256 login token; `sub` is the user id, `exp` the expiry in seconds' })
  token: string;
}
