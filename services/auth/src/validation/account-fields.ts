import { MIN_PASSWORD_LENGTH_REGISTER, MIN_PASSWORD_LENGTH_RESET } from '@pid/contracts';
import { z } from 'zod';
import { MESSAGES } from '../messages';

/** The server's copy of the client's rules (spec §5), plus upper bounds the client does not need. */
export const USERNAME_MAX_LENGTH = 100;
/** RFC 5321 caps an address at 254 characters. */
export const EMAIL_MAX_LENGTH = 254;
/** Argon2 takes any length; the cap only bounds the work one request can ask for. */
export const PASSWORD_MAX_LENGTH = 1024;
/** Spec §5: non-space text, an at sign, non-space text, a dot, non-space text. */
const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;

export const username = z
  .string({ error: MESSAGES.usernameRequired })
  .trim()
  .min(1, MESSAGES.usernameRequired)
  .max(USERNAME_MAX_LENGTH, MESSAGES.usernameTooLong);

/** Trimmed, as typed; compare with `normalizeEmail`. */
export const email = z
  .string({ error: MESSAGES.invalidEmail })
  .trim()
  .max(EMAIL_MAX_LENGTH, MESSAGES.invalidEmail)
  .regex(EMAIL_PATTERN, MESSAGES.invalidEmail);

function newPassword(minLength: number, tooShort: string) {
  return z.string({ error: MESSAGES.passwordRequired }).min(minLength, tooShort).max(PASSWORD_MAX_LENGTH, MESSAGES.passwordTooLong);
}

export const registrationPassword = newPassword(MIN_PASSWORD_LENGTH_REGISTER, MESSAGES.passwordTooShortRegister);
export const resetPassword = newPassword(MIN_PASSWORD_LENGTH_RESET, MESSAGES.passwordTooShortReset);

/** The unique login key: e-mail addresses are compared trimmed and case-insensitively. */
export function normalizeEmail(address: string): string {
  return address.trim().toLowerCase();
}
