import type { SubscriptionInfo, SubscriptionStatusResponse } from '@pid/contracts';
import { DEFAULT_CURRENCY, DEFAULT_INTERVAL, parseDate, type DateInput } from '../../../lib/format';

/** One line of the "Subscription History" table, from any of the status response's forms (spec §3). */
export interface SubscriptionRow {
  id: string;
  status: string | null;
  planName: string;
  /** Minor currency units; null when billing sent no amount. */
  amount: number | null;
  currency: string;
  interval: string;
  start: DateInput;
  renewal: DateInput;
  paymentMethod: { brand: string; last4: string } | null;
}

/** The older flat form: the amount and description sit on the response itself. */
interface FlatSubscriptionFields {
  amount?: number;
  currency?: string;
  description?: string;
}

export function toSubscriptionRows(response: SubscriptionStatusResponse | undefined): SubscriptionRow[] {
  if (!response) return [];
  const infos: SubscriptionInfo[] = [...(response.history ?? [])];
  const current = response.subscription;
  if (current && !infos.some((info) => info.subscriptionId === current.subscriptionId)) infos.unshift(current);
  if (infos.length === 0 && response.subscriptionId) {
    const flat = response as SubscriptionStatusResponse & FlatSubscriptionFields;
    infos.push({
      subscriptionId: response.subscriptionId,
      status: response.status ?? '',
      plan: flat.amount !== undefined ? { nickname: flat.description, amount: flat.amount, currency: flat.currency } : undefined,
      product: flat.description ? { name: flat.description } : undefined,
    });
  }
  return infos.map(toRow);
}

function toRow(info: SubscriptionInfo): SubscriptionRow {
  return {
    id: info.subscriptionId,
    status: info.status || null,
    planName: info.plan?.nickname || info.product?.name || 'Subscription',
    amount: typeof info.plan?.amount === 'number' ? info.plan.amount : null,
    currency: info.plan?.currency || DEFAULT_CURRENCY,
    interval: info.plan?.interval || DEFAULT_INTERVAL,
    start: info.current_period_start ?? info.created,
    renewal: info.current_period_end,
    paymentMethod: info.payment_method ?? null,
  };
}

/** Spec §4: a renewal date in the past is "(expired)", otherwise "(upcoming renewal)". */
export function renewalLabel(renewal: DateInput, now: number = Date.now()): string | null {
  const date = parseDate(renewal);
  if (!date) return null;
  return date.getTime() < now ? '(expired)' : '(upcoming renewal)';
}
