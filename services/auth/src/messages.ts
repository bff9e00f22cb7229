/**
 * What the auth API says to people. Wording from the product spec (§5, §8) is copied exactly: the web
 * app shows the server's `msg` as is.
 */
export const MESSAGES = {
  usernameRequired: 'Username is required',
  usernameTooLong: 'Username must be at most 100 characters',
  invalidEmail: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShortRegister: 'Password must be at least 6 characters',
  passwordTooShortReset: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 1024 characters',
  credentialsRequired: 'Please enter your email and password',
  userExists: 'User already exists',
  emailInUse: 'Email is already in use',
  invalidCredentials: 'Invalid credentials',
  userNotFound: 'User not found',
  emailVerified: 'Email verified successfully',
  emailAlreadyVerified: 'Email is already verified',
  verificationSent: 'Verification email sent',
  invalidVerificationToken: 'Invalid or expired verification token. Please request a new verification email.',
  resendFailed: 'Failed to resend verification email. Please try again.',
  resetRequested: 'If an account exists with that email, password reset instructions have been sent.',
  invalidResetToken: 'This password reset link is invalid or has expired.',
  passwordReset: 'Your password has been reset. You can now log in with your new password.',
  tooManyRequests: 'Too many requests. Please try again later.',
} as const;
