import type { User } from '@pid/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from '@jest/globals';
import { activeStatus, inactiveStatus, stubSignedIn } from '../../../test/api-stub';
import { renderRoute } from '../../../test/render-route';
import { subscriptionStatusChip } from '../components/subscription-status-chip';
import { renewalLabel, toSubscriptionRows } from '../subscription-history/subscription-rows';
import { stubGlobal } from '../../../test/globals';

const STATUS_URL = 'GET /api/payments/subscription-status';
const DAY = 86_400_000;

function info(overrides: Record<string, unknown> = {}) {
  return {
    subscriptionId: 'sub_1',
    status: 'active',
    plan: { nickname: 'Annual Plan', amount: 10000, currency: 'usd', interval: 'year' },
    product: { name: 'Annual Subscription', description: 'Unlimited' },
    payment_method: null,
    current_period_start: '2026-03-04T12:00:00.000Z',
    current_period_end: new Date(Date.now() + 30 * DAY).toISOString(),
    created: '2026-03-04T12:00:00.000Z',
    ...overrides,
  };
}

function renderProfile(status: unknown, user: Partial<User> = {}) {
  stubSignedIn(user, { [STATUS_URL]: [200, status] });
  return renderRoute('/profile');
}

const table = () => screen.findByRole('table', { name: 'Subscription History' });
const columnNames = async () =>
  within(await table())
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);

describe('status chips (spec §4)', () => {
  it.each([
    ['active', 'Active', 'success'],
    ['trialing', 'Trialing', 'info'],
    ['past_due', 'Past_due', 'warning'],
    ['canceled', 'Canceled', 'warning'],
    ['incomplete', 'Incomplete', 'warning'],
    [null, 'Inactive', 'default'],
    ['', 'Inactive', 'default'],
  ])('%s → %s (%s)', (status, label, color) => {
    expect(subscriptionStatusChip(status)).toEqual({ label, color });
  });

  it('renders the colours as MUI chip colours', async () => {
    renderProfile({
      ...activeStatus,
      history: [
        info(),
        info({ subscriptionId: 'sub_0', status: 'trialing' }),
        info({ subscriptionId: 'sub_x', status: 'past_due' }),
        info({ subscriptionId: 'sub_y', status: '' }),
      ],
    });

    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    const chip = (row: HTMLElement, label: string) => within(row).getByText(label).closest('.MuiChip-root');
    expect(chip(rows[0], 'Active')).toHaveClass('MuiChip-colorSuccess');
    expect(chip(rows[1], 'Trialing')).toHaveClass('MuiChip-colorInfo');
    expect(chip(rows[2], 'Past_due')).toHaveClass('MuiChip-colorWarning');
    expect(chip(rows[3], 'Inactive')).toHaveClass('MuiChip-colorDefault');
  });
});

describe('profile page', () => {
  it('shows the e-mail and the history columns without Payment Method when no row has one', async () => {
    renderProfile({ ...activeStatus, subscription: info() });

    expect(await screen.findByRole('heading', { level: 1, name: 'My Account' })).toBeInTheDocument();
    expect(screen.getByText('jane@example.com')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Subscription History' })).toBeInTheDocument();
    expect(await columnNames()).toEqual(['Status', 'Plan', 'Amount', 'Start Date', 'Renewal Date']);
    const row = within(await table()).getAllByRole('row')[1];
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Active', 'Annual Plan', '$100.00/year', 'March 4, 2026', expect.stringMatching(/\(upcoming renewal\)$/)]);
  });

  it('adds Payment Method when any row has one', async () => {
    renderProfile({
      ...activeStatus,
      subscription: info({ payment_method: { brand: 'visa', last4: '4242' } }),
      history: [info({ payment_method: { brand: 'visa', last4: '4242' } }), info({ subscriptionId: 'sub_0', status: 'canceled' })],
    });

    expect(await columnNames()).toEqual(['Status', 'Plan', 'Amount', 'Start Date', 'Renewal Date', 'Payment Method']);
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Visa •••• 4242');
    expect(rows[1]).toHaveTextContent('—');
  });

  it('labels a past renewal date "(expired)"', async () => {
    renderProfile({
      isActive: false,
      subscriptionId: 'sub_1',
      status: 'canceled',
      history: [info({ status: 'canceled', current_period_end: '2025-01-01T12:00:00.000Z' })],
    });

    const row = within(await table()).getAllByRole('row')[1];
    expect(row).toHaveTextContent('January 1, 2025(expired)');
  });

  it('divides amounts by 100, defaults to USD and to a monthly interval, and falls back to the product name', async () => {
    renderProfile({
      ...activeStatus,
      subscription: info({ plan: { nickname: null, amount: 1999 } }),
    });

    const row = within(await table()).getAllByRole('row')[1];
    expect(row).toHaveTextContent('Annual Subscription');
    expect(row).toHaveTextContent('$19.99/month');
  });

  it('reads the flat status form too', async () => {
    renderProfile({
      ...activeStatus,
      subscriptionId: 'sub_9',
      amount: 10000,
      currency: 'usd',
      description: 'Annual plan',
    });

    const row = within(await table()).getAllByRole('row')[1];
    expect(row).toHaveTextContent('Active');
    expect(row).toHaveTextContent('Annual plan');
    expect(row).toHaveTextContent('$100.00/month');
  });

  it('offers "Subscribe Now" when there is no subscription', async () => {
    renderProfile(inactiveStatus);

    expect(await screen.findByRole('link', { name: 'Subscribe Now' })).toHaveAttribute('href', '/checkout');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('offers "Subscribe Now" when the subscription is inactive', async () => {
    renderProfile({ isActive: false, subscriptionId: 'sub_1', status: 'canceled', subscription: info({ status: 'canceled' }) });

    expect(await screen.findByRole('link', { name: 'Subscribe Now' })).toHaveAttribute('href', '/checkout');
    expect(await table()).toBeInTheDocument();
  });

  it('shows "Not available" without an e-mail', async () => {
    renderProfile(inactiveStatus, { email: '' });
    expect(await screen.findByText('Not available')).toBeInTheDocument();
  });

  it('reports a failed load', async () => {
    stubSignedIn({}, { [STATUS_URL]: [500, { msg: 'boom' }] });
    renderRoute('/profile');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load subscription information. Please try again later.');
  });

  it('closes to /', async () => {
    renderProfile(inactiveStatus);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/$/));
  });

  it('lists one block per subscription on small screens', async () => {
    stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
    }));
    renderProfile({
      ...activeStatus,
      subscription: info({ payment_method: { brand: 'visa', last4: '4242' } }),
    });

    const list = await screen.findByRole('list', { name: 'Subscription History' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const item = within(list).getAllByRole('listitem')[0];
    expect(within(item).getByText('Active')).toBeInTheDocument();
    expect(item).toHaveTextContent('Amount$100.00/year');
    expect(item).toHaveTextContent('Payment MethodVisa •••• 4242');
    expect(item).toHaveTextContent('(upcoming renewal)');
  });

  it('puts the current subscription first when the history lacks it', () => {
    const rows = toSubscriptionRows({
      ...activeStatus,
      subscription: info(),
      history: [info({ subscriptionId: 'sub_0' })],
    });
    expect(rows.map((row) => row.id)).toEqual(['sub_1', 'sub_0']);
  });

  it('labels renewal dates', () => {
    const now = Date.UTC(2026, 5, 1);
    expect(renewalLabel('2026-05-31T00:00:00Z', now)).toBe('(expired)');
    expect(renewalLabel('2026-06-02T00:00:00Z', now)).toBe('(upcoming renewal)');
    expect(renewalLabel(undefined, now)).toBeNull();
  });
});
