/** Route paths of spec §2, named once so links and route definitions cannot drift apart. */
export const routePaths = {
  home: '/',
  login: '/login',
  register: '/register',
  verifyEmail: '/verify-email',
  learnMore: '/learn-more',
  pricing: '/pricing',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  paymentSuccess: '/payment-success',
  checkout: '/checkout',
  onboarding: '/onboarding',
  profile: '/profile',
  dashboard: '/dashboard',
  upload: '/upload',
  drawing: '/drawing/:id',
  support: '/support',
  notFound: '/404',
} as const;

/** The viewer's address for one drawing. */
export function drawingPath(id: string): string {
  return `/drawing/${encodeURIComponent(id)}`;
}
