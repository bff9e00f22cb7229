/**
 * The plan of spec §1 and §9: one annual subscription, $100 per year in USD, with unlimited analyses.
 * Billing serves it (its ids are configurable there; these are the defaults) and the web app shows it.
 */
export const ANNUAL_PLAN_PRODUCT_ID = 'prod_pid_annual';
export const ANNUAL_PLAN_PRICE_ID = 'price_pid_annual';
/** Minor currency units: $100.00. */
export const ANNUAL_PLAN_UNIT_AMOUNT = 10_000;
export const BILLING_CURRENCY = 'usd';
/** Spec §9: the default feature list of the pricing card. */
export const DEFAULT_PRICING_FEATURES = [
  'single page P&ID analysis',
  'text and object identification',
  'connection analysis',
  'interactive visualization',
  'rapid verification application',
  'export capabilities',
] as const;
