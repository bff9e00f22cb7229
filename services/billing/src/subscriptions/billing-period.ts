import type { ProductPrice } from '@pid/contracts';

/** The end of a billing period that starts at `start`, in UTC calendar terms (a year is a calendar year). */
export function periodEnd(start: Date, price: Pick<ProductPrice, 'recurringInterval' | 'recurringIntervalCount'>): Date {
  const end = new Date(start.getTime());
  const count = price.recurringIntervalCount;
  switch (price.recurringInterval) {
    case 'year':
      end.setUTCFullYear(end.getUTCFullYear() + count);
      break;
    case 'month':
      end.setUTCMonth(end.getUTCMonth() + count);
      break;
    case 'week':
      end.setUTCDate(end.getUTCDate() + 7 * count);
      break;
    case 'day':
      end.setUTCDate(end.getUTCDate() + count);
      break;
  }
  return end;
}
