import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from '@jest/globals';
import { makeToken, makeUser, stubApi } from '../../../test/api-stub';
import { currentState, renderRoute } from '../../../test/render-route';
import { validateRegistration } from '../validation/account-rules';

interface Values {
  username?: string;
  email?: string;
  password?: string;
  confirmPassword?: string;
}

async function fillAndSubmit(values: Values) {
  const user = userEvent.setup();
  const { username = 'jane', email = 'jane@example.com', password = 'secret1', confirmPassword = password } = values;
  if (username) await user.type(screen.getByLabelText(/^Username/), username);
  if (email) await user.type(screen.getByLabelText(/^Email Address/), email);
  if (password) await user.type(screen.getByLabelText(/^Password/), password);
  if (confirmPassword) await user.type(screen.getByLabelText(/^Confirm Password/), confirmPassword);
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
}

describe('registration validation (spec §5), in order', () => {
  it.each([
    [
      'passwords differ (even when everything else is wrong too)',
      { email: 'nope', password: '123', confirmPassword: '1234' },
      'Passwords do not match',
    ],
    [
      'the password is short (even when the e-mail is wrong too)',
      { email: 'nope', password: '12345' },
      'Password must be at least 6 characters',
    ],
    ['the e-mail has no at sign', { email: 'jane.example.com' }, 'Please enter a valid email address'],
    ['the e-mail has no dot after the at sign', { email: 'jane@example' }, 'Please enter a valid email address'],
    ['the e-mail has a space', { email: 'ja ne@example.com' }, 'Please enter a valid email address'],
  ])('when %s', async (_case, values, message) => {
    const { calls } = stubApi({});
    renderRoute('/register');
    await fillAndSubmit(values);

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(calls).toEqual([]);
  });

  it('has native validation off, so an empty form reaches the rules', async () => {
    stubApi({});
    renderRoute('/register');
    expect(screen.getByRole('form', { name: 'Create account' })).toHaveAttribute('novalidate');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign Up' }));
    // Empty passwords match, so the length rule is the first to fail.
    expect(await screen.findByRole('alert')).toHaveTextContent('Password must be at least 6 characters');
  });

  it('as a function', () => {
    const valid = { username: 'jane', email: 'a@b.co', password: 'secret', confirmPassword: 'secret' };
    expect(validateRegistration(valid)).toBeNull();
    expect(validateRegistration({ ...valid, confirmPassword: 'other' })).toBe('Passwords do not match');
    expect(validateRegistration({ ...valid, password: 'short', confirmPassword: 'short' })).toBe('Password must be at least 6 characters');
    expect(validateRegistration({ ...valid, email: '@b.co' })).toBe('Please enter a valid email address');
  });
});

describe('register page', () => {
  it('has the title, fields and the sign-in link', () => {
    stubApi({});
    renderRoute('/register');

    expect(screen.getByRole('heading', { level: 1, name: 'Create Account' })).toBeInTheDocument();
    for (const label of [/^Username/, /^Email Address/, /^Password/, /^Confirm Password/])
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Already have an account? Sign in' })).toHaveAttribute('href', '/login');
  });

  it('registers, stores the token and goes to /verify-email with the e-mail', async () => {
    const token = makeToken(3600);
    const { fetchMock } = stubApi({
      'POST /api/auth/register': [201, { token }],
      'GET /api/auth/me': [200, makeUser({ isEmailVerified: false })],
    });
    renderRoute('/register');
    await fillAndSubmit({});

    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/verify-email$/));
    expect(currentState()).toEqual({ email: 'jane@example.com' });
    expect(localStorage.getItem('token')).toBe(token);
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({
      username: 'jane',
      email: 'jane@example.com',
      password: 'secret1',
    });
  });

  it('goes on to /checkout passing the pricing state along when redirectToCheckout is set', async () => {
    stubApi({
      'POST /api/auth/register': [201, { token: makeToken(3600) }],
      'GET /api/auth/me': [200, makeUser({ isEmailVerified: true })],
    });
    const plan = {
      productId: 'prod_pid_annual',
      priceId: 'price_1',
      name: 'Annual',
      unitAmount: 100,
      currency: 'usd',
      interval: 'year',
      intervalCount: 1,
    };
    renderRoute('/register', { state: { redirectToCheckout: true, plan } });
    await fillAndSubmit({});

    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/checkout$/));
    expect(currentState()).toEqual({ redirectToCheckout: true, plan });
  });

  it("shows the server's msg, or the fallback, and re-enables the form", async () => {
    stubApi({ 'POST /api/auth/register': [400, { msg: 'User already exists' }] });
    renderRoute('/register');
    await fillAndSubmit({});

    expect(await screen.findByRole('alert')).toHaveTextContent('User already exists');
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeEnabled();
  });

  it('falls back to "Registration failed. Please try again."', async () => {
    stubApi({ 'POST /api/auth/register': new Response('', { status: 502 }) });
    renderRoute('/register');
    await fillAndSubmit({});

    expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed. Please try again.');
  });
});
