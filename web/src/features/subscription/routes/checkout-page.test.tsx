import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import './checkout-page.mock';
import { leaveAppFor } from '../../../lib/browser-location';
import { stubSignedIn } from '../../../test/api-stub';
import { renderRoute } from '../../../test/render-route';

const PRODUCT_URL = 'GET /api/payments/products/prod_pid_annual';
const product = {
  id: 'prod_pid_annual',
  name: 'Annual Subscription',
  description: 'Unlimited P&ID digitization for a year',
  defaultPrice: { id: 'price_annual', unitAmount: 10000, currency: 'usd', recurringInterval: 'year', recurringIntervalCount: 1 },
};

describe('checkout page', () => {
  afterEach(() => {
    jest.mocked(leaveAppFor).mockReset();
  });

  it('shows the plan name, description, price and interval', async () => {
    stubSignedIn({}, { [PRODUCT_URL]: [200, product] });
    renderRoute('/checkout');

    expect(await screen.findByRole('heading', { level: 1, name: 'Complete Your Subscription' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Annual Subscription' })).toBeInTheDocument();
    expect(screen.getByText('Unlimited P&ID digitization for a year')).toBeInTheDocument();
    expect(screen.getByText('$100.00')).toBeInTheDocument();
    expect(screen.getByText('/year')).toBeInTheDocument();
  });

  it('"Proceed to Payment" creates a session for the price and sends the browser to its url', async () => {
    const { fetchMock } = stubSignedIn(
      {},
      {
        [PRODUCT_URL]: [200, product],
        'POST /api/payments/create-checkout-session': [200, { url: 'http://localhost/api/payments/test-checkout/cs_1' }],
      },
    );
    const user = userEvent.setup();
    renderRoute('/checkout');

    await user.click(await screen.findByRole('button', { name: 'Proceed to Payment' }));

    await waitFor(() => expect(leaveAppFor).toHaveBeenCalledWith('http://localhost/api/payments/test-checkout/cs_1'));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/payments/create-checkout-session');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ priceId: 'price_annual' });
  });

  it('refuses a product without a price id: "Invalid product information"', async () => {
    const { calls } = stubSignedIn({}, { [PRODUCT_URL]: [200, { ...product, defaultPrice: { ...product.defaultPrice, id: '' } }] });
    const user = userEvent.setup();
    renderRoute('/checkout');

    await user.click(await screen.findByRole('button', { name: 'Proceed to Payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid product information');
    expect(calls).not.toContain('POST /api/payments/create-checkout-session');
  });

  it('reports a failed session: "Failed to create checkout session. Please try again."', async () => {
    stubSignedIn({}, { [PRODUCT_URL]: [200, product], 'POST /api/payments/create-checkout-session': [500, { msg: 'boom' }] });
    const user = userEvent.setup();
    renderRoute('/checkout');

    await user.click(await screen.findByRole('button', { name: 'Proceed to Payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create checkout session. Please try again.');
    expect(screen.getByRole('button', { name: 'Proceed to Payment' })).toBeEnabled();
    expect(leaveAppFor).not.toHaveBeenCalled();
  });

  it('reports a product that does not load: "Failed to load payment information. Please try again."', async () => {
    stubSignedIn({}, { [PRODUCT_URL]: [500, { msg: 'boom' }] });
    renderRoute('/checkout');

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load payment information. Please try again.');
  });
});
