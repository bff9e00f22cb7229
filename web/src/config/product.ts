/** Product wording shown in several places (top bar, hero, footer, page title). */
export const PRODUCT_NAME = 'P&ID Digitizer';
export const PRODUCT_TAGLINE = 'Turn P&ID drawings into data you can trust';
export const PRODUCT_DESCRIPTION = 'Web tool for extracting and validating data from piping and instrumentation diagrams';
