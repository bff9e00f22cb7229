import { MIN_PASSWORD_LENGTH_REGISTER, MIN_PASSWORD_LENGTH_RESET } from '@pid/contracts';

/** Client-side rules of spec §5, each returning the first broken rule's message, or null. */

/** Non-space text, an at sign, non-space text, a dot, non-space text. */
export const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;

export interface RegistrationValues {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
}

/** Checked in this order: passwords match, password length, e-mail shape. */
export function validateRegistration(values: RegistrationValues): string | null {
  if (values.password !== values.confirmPassword) return 'Passwords do not match';
  if (values.password.length < MIN_PASSWORD_LENGTH_REGISTER) return `Password must be at least ${MIN_PASSWORD_LENGTH_REGISTER} characters`;
  if (!EMAIL_PATTERN.test(values.email)) return 'Please enter a valid email address';
  return null;
}

/** Checked in this order: passwords match, password length. */
export function validatePasswordReset(password: string, confirmPassword: string): string | null {
  if (password !== confirmPassword) return 'Passwords do not match';
  if (password.length < MIN_PASSWORD_LENGTH_RESET) return `Password must be at least ${MIN_PASSWORD_LENGTH_RESET} characters`;
  return null;
}
