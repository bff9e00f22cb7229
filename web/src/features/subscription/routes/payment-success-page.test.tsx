import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from '@jest/globals';
import { activeStatus, jsonResponse, makeUser, signIn, stubApi } from '../../../test/api-stub';
import { renderRoute } from '../../../test/render-route';

const VERIFY_URL = 'GET /api/payments/verify-session/cs_1';
const paid = {
  success: true,
  message: 'Payment verified. Your subscription is active.',
  subscription: { status: 'active', plan: 'Annual Subscription', currentPeriodEnd: '2027-03-04T12:00:00.000Z' },
};

describe('payment success page', () => {
  it('confirms, then shows "Payment Successful!" with status, plan and next billing date, and a Dashboard button', async () => {
    signIn();
    let answer: (response: Response) => void = () => undefined;
    stubApi({
      'GET /api/auth/me': [200, makeUser()],
      [VERIFY_URL]: () => new Promise<Response>((resolve) => (answer = resolve)),
      'GET /api/payments/subscription-status': [200, activeStatus],
    });
    const user = userEvent.setup();
    renderRoute('/payment-success?session_id=cs_1');

    expect(await screen.findByText('Confirming your subscription...')).toBeInTheDocument();
    answer(jsonResponse(200, paid));

    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeInTheDocument();
    const details = screen.getByRole('table', { name: 'Subscription details' });
    expect(details).toHaveTextContent('StatusActive');
    expect(details).toHaveTextContent('PlanAnnual Subscription');
    expect(details).toHaveTextContent('Next billing dateMarch 4, 2027');

    // The session was refreshed, so the subscription guard lets the user through.
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My P&IDs' })).toBeInTheDocument();
  });

  it('without a session id: "No session ID provided", with View My Account and Contact Support', () => {
    const { calls } = stubApi({});
    renderRoute('/payment-success');

    expect(screen.getByRole('alert')).toHaveTextContent('No session ID provided');
    expect(screen.getByRole('link', { name: 'View My Account' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/support');
    expect(calls).toEqual([]);
  });

  it("shows the server's message when the payment is not confirmed", async () => {
    stubApi({ [VERIFY_URL]: [200, { success: false, message: 'Payment has not been completed' }] });
    renderRoute('/payment-success?session_id=cs_1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Payment has not been completed');
  });

  it('falls back to "Unable to verify payment. Please contact support." without a message', async () => {
    stubApi({ [VERIFY_URL]: [200, { success: false }] });
    renderRoute('/payment-success?session_id=cs_1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to verify payment. Please contact support.');
  });

  it('on a failed call: the refresh hint, then that the subscription may still be active', async () => {
    stubApi({ [VERIFY_URL]: [500, { msg: 'boom' }] });
    renderRoute('/payment-success?session_id=cs_1');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error occurred while verifying your payment. Please try refreshing the page.',
    );
    expect(screen.getByText('Your subscription may still have been activated. Please check your account.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View My Account' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Contact Support' })).toBeInTheDocument());
  });
});
