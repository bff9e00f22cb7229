/** Product wording shown in several places (top bar, hero, footer, page title). */
export const PRODUCT_NAME = 'P&ID Digitizer';
export const PRODUCT_TAGLINE = 'Turn P&ID drawings into data you can trust';
export const PRODUCT_DESCRIPTION = 'Web tool for extracting and validating data from piping and instrumentation diagrams';

/** The one plan billing sells (spec §1, §7): its fixed product id. */
export const SUBSCRIPTION_PRODUCT_ID = 'prod_pid_annual';

/** Prices as stated to users (spec §1, §9). */
export const ANNUAL_PRICE_TEXT = '$100 per year';
export const PER_DOCUMENT_PRICE_TEXT = '$10 per document';

/** Pricing features shown when the product carries none (spec §9, worded as there). */
export const DEFAULT_PRICING_FEATURES = [
  'single page P&ID analysis',
  'text and object identification',
  'connection analysis',
  'interactive visualization',
  'rapid verification application',
  'export capabilities',
] as const;
