/** Query-key factory of the auth flows' own reads (the signed-in user's keys live with the session). */
export const passwordResetKeys = {
  all: ['password-reset'] as const,
  token: (token: string) => [...passwordResetKeys.all, 'token', token] as const,
};
