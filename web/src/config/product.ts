import { ANNUAL_PLAN_UNIT_AMOUNT } from '@pid/contracts';

/** Product wording shown in several places (top bar, hero, footer, page title). */
export const PRODUCT_NAME = 'P&ID Digitizer';
export const PRODUCT_TAGLINE = 'Turn P&ID drawings into data you can trust';
export const PRODUCT_DESCRIPTION = 'Web tool for extracting and validating data from piping and instrumentation diagrams';

/**
 * Prices as stated to users (spec §1, §9). The plan itself (its product id, its amount, its default
 * features) comes from @pid/contracts, which billing serves from too.
 */
export const ANNUAL_PRICE_TEXT = `$${ANNUAL_PLAN_UNIT_AMOUNT / 100} per year`;
export const PER_DOCUMENT_PRICE_TEXT = '$10 per document';
