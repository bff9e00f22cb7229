/**
 * What the billing API says to people. Wording from the product spec (§4, §5, §8) is copied exactly:
 * the web app shows the server's `msg` as is.
 */
export const MESSAGES = {
  invalidProduct: 'Invalid product information',
  productNotFound: 'Product not found',
  alreadySubscribed: 'You already have an active subscription.',
  checkoutFailed: 'Failed to create checkout session. Please try again.',
  sessionNotFound: 'Checkout session not found',
  verificationFailed: 'An error occurred while verifying your payment. Please try refreshing the page.',
  paymentSucceeded: 'Payment successful! Your subscription is now active.',
  paymentNotCompleted: 'Your payment has not been completed yet.',
  paymentProcessing: 'Your payment is being processed. Your subscription will be activated shortly.',
  checkoutCanceled: 'This checkout was canceled. No payment was taken.',
  checkoutExpired: 'This checkout session has expired. Please start a new checkout.',
  userNotFound: 'User not found',
  serviceUnavailable: 'Service temporarily unavailable. Please try again.',
  webhooksDisabled: 'Stripe webhooks are not enabled',
  invalidWebhookSignature: 'Invalid webhook signature',
} as const;
