import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from '@jest/globals';
import { jsonResponse, makeToken, makeUser, signIn, stubApi, stubSignedIn } from '../../test/api-stub';
import { renderRoute } from '../../test/render-route';

const banner = () => within(screen.getByRole('banner'));

describe('session (spec §4)', () => {
  it('with no stored token, ends loading signed out without calling the API', async () => {
    const { calls } = stubApi({});
    renderRoute('/');

    expect(await banner().findByRole('button', { name: 'Open navigation menu' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register Now' })).toHaveAttribute('href', '/register');
    expect(calls).toEqual([]);
  });

  it('with a usable stored token, fetches the user, keeps a copy under "user" and shows the avatar letter', async () => {
    const token = signIn();
    const { fetchMock } = stubApi({ 'GET /api/auth/me': [200, makeUser({ username: 'jane' })] });
    renderRoute('/');

    expect(await banner().findByRole('button', { name: 'Open settings' })).toHaveTextContent(/^J$/);
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toMatchObject({ _id: 'user-1', email: 'jane@example.com' });
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    const headers = new Headers(fetchMock.mock.calls[0][1]?.headers);
    expect(headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(headers.get('x-auth-token')).toBe(token);
  });

  it('shows a person icon when the user has no username', async () => {
    stubSignedIn({ username: '' });
    renderRoute('/');

    const avatar = await banner().findByRole('button', { name: 'Open settings' });
    expect(within(avatar).getByTestId('avatar-person-icon')).toBeInTheDocument();
  });

  it('clears an expired stored token without fetching the user', async () => {
    localStorage.setItem('token', makeToken(-10));
    localStorage.setItem('user', JSON.stringify(makeUser()));
    const { calls } = stubApi({});
    renderRoute('/');

    expect(await banner().findByRole('link', { name: 'Register', hidden: true })).toBeInTheDocument();
    expect(calls).toEqual([]);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('clears an undecodable stored token', async () => {
    localStorage.setItem('token', 'garbage');
    const { calls } = stubApi({});
    renderRoute('/');

    expect(await banner().findByRole('link', { name: 'Register', hidden: true })).toBeInTheDocument();
    expect(calls).toEqual([]);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('signs out when the user cannot be loaded', async () => {
    signIn();
    localStorage.setItem('user', JSON.stringify(makeUser()));
    stubApi({ 'GET /api/auth/me': [500, { msg: 'boom' }] });
    renderRoute('/');

    expect(await banner().findByRole('link', { name: 'Register', hidden: true })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('removes the stored token on a 401 and signs out', async () => {
    signIn();
    stubApi({ 'GET /api/auth/me': [401, { msg: 'Token is not valid' }] });
    renderRoute('/profile');

    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/login$/));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('logout clears token, user and flags and goes to /', async () => {
    stubSignedIn(
      { hasActiveSubscription: true },
      {
        'GET /api/payments/subscription-status': [200, { isActive: true, subscriptionId: 'sub_1', status: 'active' }],
      },
    );
    const user = userEvent.setup();
    renderRoute('/profile');

    await user.click(await banner().findByRole('button', { name: 'Open settings' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/$/));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(await banner().findByRole('link', { name: 'Register', hidden: true })).toBeInTheDocument();
  });

  it('the avatar menu offers Profile and Logout', async () => {
    stubSignedIn();
    const user = userEvent.setup();
    renderRoute('/');

    await user.click(await banner().findByRole('button', { name: 'Open settings' }));
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
  });

  it('keeps the 401 body for the caller', async () => {
    stubApi({ 'POST /api/auth/login': jsonResponse(400, { msg: 'Invalid credentials' }) });
    const user = userEvent.setup();
    renderRoute('/login');

    await user.type(screen.getByLabelText(/Email Address/), 'jane@example.com');
    await user.type(screen.getByLabelText(/Password/), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials');
  });
});
