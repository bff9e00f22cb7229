import { BILLING_CURRENCY } from '@pid/contracts';

/** Money, interval and date wording shared by pricing, checkout, payment success and profile (spec §9). */

export const DEFAULT_CURRENCY = BILLING_CURRENCY.toUpperCase();
export const DEFAULT_INTERVAL = 'month';

/** "$100.00": en-US currency formatting of an amount in major units; USD when no currency is given. */
export function formatCurrency(amount: number, currency: string | null | undefined = DEFAULT_CURRENCY): string {
  const code = (currency || DEFAULT_CURRENCY).toUpperCase();
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).format(amount);
  } catch {
    // An unknown currency code: still show the amount rather than break the page.
    return `${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)} ${code}`;
  }
}

/** Amounts from billing's subscription records are in minor units (cents). */
export function formatMinorUnits(amount: number, currency?: string | null): string {
  return formatCurrency(amount / 100, currency);
}

/** "/year", "/month"; with a count above 1 "/2 years", "/3 months". The interval defaults to month. */
export function formatIntervalSuffix(interval: string | null | undefined = DEFAULT_INTERVAL, count: number | null | undefined = 1): string {
  const unit = interval || DEFAULT_INTERVAL;
  return count && count > 1 ? `/${count} ${unit}s` : `/${unit}`;
}

export type DateInput = string | number | Date | null | undefined;

/** A date from the API: an ISO string, or a number of seconds (Stripe style) or milliseconds since the epoch. */
export function parseDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : typeof value === 'number' && value < 1e11 ? new Date(value * 1000) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "January 5, 2026"; an empty string for a missing or unreadable date. */
export function formatDate(value: DateInput): string {
  const date = parseDate(value);
  return date ? date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }) : '';
}

/** "Past_due" → shown as is but with a capital first letter. */
export function capitalize(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}
