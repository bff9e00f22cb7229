import { useLocation } from 'react-router-dom';

/** The plan the pricing page hands on to register and checkout (spec §2 Pricing). */
export interface PlanSummary {
  productId: string;
  priceId: string;
  name: string;
  unitAmount: number;
  currency: string;
  interval: string;
  intervalCount: number;
}

/**
 * What pages pass each other through router state: a notice to show, the path a guard sent the user
 * away from, the e-mail to verify, and the pricing hand-off.
 */
export interface NavigationState {
  message?: string;
  from?: string;
  email?: string;
  redirectToCheckout?: boolean;
  plan?: PlanSummary;
}

/** Router state is `unknown` (it survives reloads in history): keep only the fields of the right type. */
export function readNavigationState(state: unknown): NavigationState {
  if (typeof state !== 'object' || state === null) return {};
  const raw = state as Record<string, unknown>;
  const result: NavigationState = {};
  if (typeof raw.message === 'string') result.message = raw.message;
  if (typeof raw.from === 'string') result.from = raw.from;
  if (typeof raw.email === 'string') result.email = raw.email;
  if (raw.redirectToCheckout === true) result.redirectToCheckout = true;
  if (isPlanSummary(raw.plan)) result.plan = raw.plan;
  return result;
}

function isPlanSummary(value: unknown): value is PlanSummary {
  if (typeof value !== 'object' || value === null) return false;
  const plan = value as Record<string, unknown>;
  return typeof plan.priceId === 'string' && typeof plan.name === 'string';
}

/** The current location's navigation state, checked. */
export function useNavigationState(): NavigationState {
  return readNavigationState(useLocation().state);
}
