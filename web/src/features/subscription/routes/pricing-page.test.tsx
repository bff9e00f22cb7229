import { DEFAULT_PRICING_FEATURES } from '@pid/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, jest } from '@jest/globals';
import { stubApi, stubSignedIn } from '../../../test/api-stub';
import { currentState, renderRoute } from '../../../test/render-route';

const PRODUCT_URL = 'GET /api/payments/products/prod_pid_annual';

function product(
  price: Partial<{ unitAmount: number; currency: string; recurringInterval: string; recurringIntervalCount: number }> = {},
  features?: string[],
) {
  return {
    id: 'prod_pid_annual',
    name: 'Annual Subscription',
    description: 'Unlimited P&ID digitization for a year',
    ...(features ? { features } : {}),
    defaultPrice: {
      id: 'price_annual',
      unitAmount: 10000,
      currency: 'usd',
      recurringInterval: 'year',
      recurringIntervalCount: 1,
      ...price,
    },
  };
}

const plan = () => within(screen.getByRole('region', { name: 'Annual Subscription' }));

describe('pricing page', () => {
  it('shows the plan: name, en-US price of the minor-unit amount, "/year" and the default features', async () => {
    stubApi({ [PRODUCT_URL]: [200, product()] });
    renderRoute('/pricing');

    expect(await screen.findByRole('heading', { level: 2, name: 'Annual Subscription' })).toBeInTheDocument();
    expect(plan().getByText('$100.00')).toBeInTheDocument();
    expect(plan().getByText('/year')).toBeInTheDocument();
    expect(
      plan()
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([...DEFAULT_PRICING_FEATURES]);
  });

  it.each([
    [{ recurringInterval: 'year', recurringIntervalCount: 2 }, '/2 years'],
    [{ recurringInterval: 'month', recurringIntervalCount: 3 }, '/3 months'],
    [{ recurringInterval: 'month', recurringIntervalCount: 1 }, '/month'],
  ])('writes the interval suffix (%o → %s)', async (price, suffix) => {
    stubApi({ [PRODUCT_URL]: [200, product(price)] });
    renderRoute('/pricing');
    expect(await screen.findByText(suffix)).toBeInTheDocument();
  });

  it('formats other currencies en-US, and lists the product features when it has some', async () => {
    stubApi({ [PRODUCT_URL]: [200, product({ unitAmount: 125050, currency: 'eur' }, ['One', 'Two'])] });
    renderRoute('/pricing');

    expect(await screen.findByText('€1,250.50')).toBeInTheDocument();
    expect(
      plan()
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['One', 'Two']);
  });

  it('states both prices of spec §1', async () => {
    stubApi({ [PRODUCT_URL]: [200, product()] });
    renderRoute('/pricing');
    expect(await screen.findByText(/\$10 per document/)).toHaveTextContent(/\$100 per year/);
  });

  it('on failure: "Failed to load product information. Please try again later." with "Try Again"', async () => {
    const { calls } = stubApi({ [PRODUCT_URL]: [503, { msg: 'down' }] });
    const user = userEvent.setup();
    renderRoute('/pricing');

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load product information. Please try again later.');
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(calls.filter((call) => call === PRODUCT_URL)).toHaveLength(2));
  });

  it('an absent product: "Product information is not available at this time." with "Refresh"', async () => {
    stubApi({ [PRODUCT_URL]: [404, { msg: 'Product not found' }] });
    renderRoute('/pricing');

    expect(await screen.findByRole('alert')).toHaveTextContent('Product information is not available at this time.');
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
  });

  it('an empty answer counts as absent', async () => {
    stubApi({ [PRODUCT_URL]: [200, null] });
    renderRoute('/pricing');
    expect(await screen.findByRole('alert')).toHaveTextContent('Product information is not available at this time.');
  });

  it('"Subscribe Now" signed out goes to /register with the plan and the redirect-to-checkout flag', async () => {
    stubApi({ [PRODUCT_URL]: [200, product()] });
    const user = userEvent.setup();
    renderRoute('/pricing');

    await user.click(await screen.findByRole('button', { name: 'Subscribe Now' }));
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/register$/));
    expect(currentState()).toEqual({
      redirectToCheckout: true,
      plan: {
        productId: 'prod_pid_annual',
        priceId: 'price_annual',
        name: 'Annual Subscription',
        unitAmount: 10000,
        currency: 'usd',
        interval: 'year',
        intervalCount: 1,
      },
    });
  });

  it('"Subscribe Now" signed in goes to /checkout', async () => {
    stubSignedIn({}, { [PRODUCT_URL]: [200, product()] });
    const user = userEvent.setup();
    renderRoute('/pricing');

    await screen.findByRole('button', { name: 'Open settings' });
    await user.click(await screen.findByRole('button', { name: 'Subscribe Now' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Complete Your Subscription' })).toBeInTheDocument();
  });

  it('shows a message from navigation state as an info toast for 6 s', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    stubApi({ [PRODUCT_URL]: [200, product()] });
    renderRoute('/pricing', { state: { message: 'Please choose a plan to continue' } });

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Please choose a plan to continue');
    expect(toast).toHaveClass('MuiAlert-filledInfo');

    act(() => void jest.advanceTimersByTime(5900));
    expect(screen.getByText('Please choose a plan to continue')).toBeInTheDocument();
    act(() => void jest.advanceTimersByTime(200));
    act(() => void jest.advanceTimersByTime(1000)); // the exit transition
    await waitFor(() => expect(screen.queryByText('Please choose a plan to continue')).not.toBeInTheDocument());
  });
});
