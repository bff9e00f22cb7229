import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from '@jest/globals';
import { activeStatus, inactiveStatus, makeUser, signIn, stubApi, stubSignedIn } from '../../test/api-stub';
import { currentState, renderRoute } from '../../test/render-route';

const path = () => screen.getByTestId('current-path');

async function expectRedirect(to: string, state: unknown) {
  await waitFor(() => expect(path()).toHaveTextContent(new RegExp(`^${to}$`)));
  expect(currentState()).toEqual(state);
}

/** A redirect whose state carries `message`, which the page it lands on shows as a notice. */
async function expectRedirectWithNotice(to: string, message: string) {
  await expectRedirect(to, { message });
  expect(await screen.findByRole('alert')).toHaveTextContent(message);
}

describe('verified-only guard (/profile, /onboarding)', () => {
  it.each(['/profile', '/onboarding'])('sends a signed-out visitor of %s to /login, remembering the origin', async (origin) => {
    stubApi({});
    renderRoute(origin);
    await expectRedirect('/login', { from: origin });
  });

  it('remembers the query string of the origin too', async () => {
    stubApi({});
    renderRoute('/profile?tab=billing');
    await expectRedirect('/login', { from: '/profile?tab=billing' });
  });

  it('sends an unverified user to /verify-email with the e-mail', async () => {
    stubSignedIn({ isEmailVerified: false });
    renderRoute('/profile');

    await expectRedirect('/verify-email', { email: 'jane@example.com' });
    expect(await screen.findByText('jane@example.com')).toBeInTheDocument();
  });

  it('lets a verified user without a subscription in', async () => {
    stubSignedIn({}, { 'GET /api/payments/subscription-status': [200, inactiveStatus] });
    renderRoute('/onboarding');

    expect(await screen.findByRole('heading', { level: 1, name: 'Getting Started' })).toBeInTheDocument();
    expect(path()).toHaveTextContent(/^\/onboarding$/);
  });

  it('waits for the session instead of redirecting while it loads', async () => {
    signIn();
    let answer: (response: Response) => void = () => undefined;
    stubApi({ 'GET /api/auth/me': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderRoute('/profile');

    expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
    expect(path()).toHaveTextContent(/^\/profile$/);
    answer(new Response(JSON.stringify(makeUser()), { headers: { 'Content-Type': 'application/json' } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My Account' })).toBeInTheDocument();
  });
});

describe('subscription guard (/dashboard, /upload, /drawing/:id)', () => {
  it.each(['/dashboard', '/upload', '/drawing/d1'])('sends a signed-out visitor of %s to /login, remembering it', async (origin) => {
    stubApi({});
    renderRoute(origin);
    await expectRedirect('/login', { from: origin });
  });

  it('sends an unverified user to /verify-email with the e-mail', async () => {
    stubSignedIn({ isEmailVerified: false });
    renderRoute('/upload');
    await expectRedirect('/verify-email', { email: 'jane@example.com' });
  });

  it('sends a verified user without a subscription to /checkout with the reason, shown as a notice', async () => {
    stubSignedIn();
    renderRoute('/dashboard');

    await expectRedirectWithNotice('/checkout', 'Subscription required to access this feature');
  });

  it('lets a subscriber in (the page is loaded lazily)', async () => {
    stubSignedIn({ hasActiveSubscription: true });
    renderRoute('/dashboard');

    expect(await screen.findByRole('heading', { level: 1, name: 'My P&IDs' })).toBeInTheDocument();
  });
});

describe('checkout guard', () => {
  it('sends a signed-out visitor to /login with the payment message and /checkout remembered', async () => {
    stubApi({});
    renderRoute('/checkout');

    await expectRedirect('/login', { message: 'Please log in to continue with payment', from: '/checkout' });
    expect(screen.getByText('Please log in to continue with payment')).toBeInTheDocument();
  });

  it('sends a subscriber to /dashboard with "You already have an active subscription."', async () => {
    stubSignedIn({ hasActiveSubscription: true });
    renderRoute('/checkout');

    await expectRedirectWithNotice('/dashboard', 'You already have an active subscription.');
  });

  it('sends an unverified user to /verify-email', async () => {
    stubSignedIn({ isEmailVerified: false });
    renderRoute('/checkout');
    await expectRedirect('/verify-email', { email: 'jane@example.com' });
  });

  it('lets a verified user without a subscription in', async () => {
    stubSignedIn(
      {},
      {
        'GET /api/payments/products/prod_pid_annual': [
          200,
          {
            id: 'prod_pid_annual',
            name: 'Annual',
            description: 'd',
            defaultPrice: { id: 'price_1', unitAmount: 10000, currency: 'usd', recurringInterval: 'year', recurringIntervalCount: 1 },
          },
        ],
        'GET /api/payments/subscription-status': [200, activeStatus],
      },
    );
    renderRoute('/checkout');

    expect(await screen.findByRole('heading', { level: 1, name: 'Complete Your Subscription' })).toBeInTheDocument();
    expect(path()).toHaveTextContent(/^\/checkout$/);
  });
});
