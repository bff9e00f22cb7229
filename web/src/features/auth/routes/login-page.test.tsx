import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from '@jest/globals';
import { activeStatus, inactiveStatus, jsonResponse, makeToken, makeUser, stubApi } from '../../../test/api-stub';
import { renderRoute } from '../../../test/render-route';
import { loginTarget } from './login-page';

async function logIn(email = 'jane@example.com', password = 'secret123') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/Email Address/), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.keyboard('{Enter}');
  return user;
}

/** The server side of a successful login: the token, the user behind it and the subscription check's answer. */
function stubLogin(user: Parameters<typeof makeUser>[0], status: [number, unknown], token = makeToken(3600)) {
  return stubApi({
    'POST /api/auth/login': [200, { token }],
    'GET /api/auth/me': [200, makeUser(user)],
    'GET /api/payments/subscription-status': status,
  });
}

describe('login page', () => {
  it('has the title, fields and links of spec §2', () => {
    stubApi({});
    renderRoute('/login');

    expect(screen.getByRole('heading', { level: 1, name: 'Log In' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Email Address/)).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: "Don't have an account? Sign Up" })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('button', { name: 'Login' })).toHaveAttribute('type', 'submit');
  });

  it('logs in, checks the subscription and goes to /dashboard when it is active', async () => {
    const token = makeToken(3600);
    const { calls } = stubLogin({ hasActiveSubscription: true }, [200, activeStatus], token);
    renderRoute('/login');
    await logIn();

    expect(await screen.findByRole('heading', { level: 1, name: 'My P&IDs' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe(token);
    expect(calls.slice(0, 3)).toEqual(['POST /api/auth/login', 'GET /api/auth/me', 'GET /api/payments/subscription-status']);
    // The dashboard then loads the drawings.
    await waitFor(() => expect(calls).toContain('GET /api/drawings'));
  });

  it('goes to /checkout when the subscription is not active', async () => {
    stubLogin({}, [200, inactiveStatus]);
    renderRoute('/login');
    await logIn();

    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/checkout$/));
  });

  it('counts a failed subscription check as inactive', async () => {
    stubLogin({ hasActiveSubscription: true }, [503, { msg: 'down' }]);
    renderRoute('/login');
    await logIn();

    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/checkout$/));
  });

  it('shows "Logging in..." while busy', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubApi({ 'POST /api/auth/login': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderRoute('/login');
    await logIn();

    expect(screen.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
    answer(jsonResponse(400, { msg: 'Invalid credentials' }));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it("shows the server's msg above the form and re-enables it", async () => {
    stubApi({ 'POST /api/auth/login': [400, { msg: 'Invalid credentials' }] });
    renderRoute('/login');
    await logIn();

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials');
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('falls back to the generic message without a msg', async () => {
    stubApi({ 'POST /api/auth/login': new Response('oops', { status: 500 }) });
    renderRoute('/login');
    await logIn();

    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed. Please check your credentials.');
  });

  it('returns to the remembered origin', async () => {
    stubLogin({}, [200, inactiveStatus]);
    renderRoute('/profile');
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/login$/));
    await logIn();

    expect(await screen.findByRole('heading', { level: 1, name: 'My Account' })).toBeInTheDocument();
  });

  it('chooses the target from the subscription and the remembered origin', () => {
    expect(loginTarget(true, undefined)).toBe('/dashboard');
    expect(loginTarget(false, undefined)).toBe('/checkout');
    expect(loginTarget(false, '/checkout')).toBe('/checkout');
    expect(loginTarget(true, '/checkout')).toBe('/dashboard');
    expect(loginTarget(true, '/drawing/d1')).toBe('/drawing/d1');
    expect(loginTarget(false, '/profile')).toBe('/profile');
    expect(loginTarget(true, '//evil.example')).toBe('/dashboard');
  });
});
