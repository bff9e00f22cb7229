import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, jest } from '@jest/globals';
import { stubApi } from '../../../test/api-stub';
import { renderRoute } from '../../../test/render-route';
import { validatePasswordReset } from '../validation/account-rules';

describe('forgot password', () => {
  it('keeps "Send Reset Link" disabled while the e-mail is empty', async () => {
    stubApi({});
    renderRoute('/forgot-password');
    const button = screen.getByRole('button', { name: 'Send Reset Link' });

    expect(button).toBeDisabled();
    await userEvent.setup().type(screen.getByLabelText(/Email Address/), 'a');
    expect(button).toBeEnabled();
  });

  it('confirms with the entered address and offers Back to Login', async () => {
    const { fetchMock } = stubApi({ 'POST /api/auth/forgot-password': [200, { msg: 'ok' }] });
    const user = userEvent.setup();
    renderRoute('/forgot-password');

    await user.type(screen.getByLabelText(/Email Address/), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    expect(
      await screen.findByText('If an account exists with jane@example.com, password reset instructions have been sent.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ email: 'jane@example.com' });
  });

  it("shows the server's message, else the generic one", async () => {
    stubApi({ 'POST /api/auth/forgot-password': [429, { msg: 'Too many requests. Please try again later.' }] });
    const user = userEvent.setup();
    renderRoute('/forgot-password');
    await user.type(screen.getByLabelText(/Email Address/), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please try again later.');
  });

  it('falls back to "An error occurred. Please try again."', async () => {
    stubApi({ 'POST /api/auth/forgot-password': new Response('', { status: 500 }) });
    const user = userEvent.setup();
    renderRoute('/forgot-password');
    await user.type(screen.getByLabelText(/Email Address/), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred. Please try again.');
  });
});

describe('reset password', () => {
  const validToken = { 'GET /api/auth/verify-reset-token/good': [200, { valid: true }] as [number, unknown] };

  it('treats a missing token as invalid, without a call', () => {
    const { calls } = stubApi({});
    renderRoute('/reset-password');

    expect(screen.getByRole('alert')).toHaveTextContent('This password reset link is invalid or has expired.');
    expect(screen.getByRole('link', { name: 'Request New Link' })).toHaveAttribute('href', '/forgot-password');
    expect(calls).toEqual([]);
  });

  it('shows the error and "Request New Link" for a token the server refuses', async () => {
    stubApi({ 'GET /api/auth/verify-reset-token/old': [400, { msg: 'This password reset link is invalid or has expired.' }] });
    renderRoute('/reset-password?token=old');

    expect(await screen.findByRole('link', { name: 'Request New Link' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This password reset link is invalid or has expired.');
  });

  it('keeps submit disabled while either field is empty', async () => {
    stubApi(validToken);
    const user = userEvent.setup();
    renderRoute('/reset-password?token=good');

    const submit = await screen.findByRole('button', { name: 'Reset Password' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText(/^New Password/), 'longenough');
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText(/^Confirm New Password/), 'x');
    expect(submit).toBeEnabled();
  });

  it.each([
    ['passwords differ (checked first)', 'short', 'shorter', 'Passwords do not match'],
    ['the password is under 8 characters', 'seven77', 'seven77', 'Password must be at least 8 characters'],
  ])('refuses when %s', async (_case, password, confirm, message) => {
    const { calls } = stubApi(validToken);
    const user = userEvent.setup();
    renderRoute('/reset-password?token=good');

    await user.type(await screen.findByLabelText(/^New Password/), password);
    await user.type(screen.getByLabelText(/^Confirm New Password/), confirm);
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(calls).not.toContain('POST /api/auth/reset-password');
  });

  it('validates as a function', () => {
    expect(validatePasswordReset('abcdefgh', 'abcdefgh')).toBeNull();
    expect(validatePasswordReset('abc', 'abcd')).toBe('Passwords do not match');
    expect(validatePasswordReset('abcdefg', 'abcdefg')).toBe('Password must be at least 8 characters');
  });

  it('resets the password and goes to /login after 3 s', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const { fetchMock } = stubApi({
      ...validToken,
      'POST /api/auth/reset-password': [200, { msg: 'Your password has been reset. You can now log in with your new password.' }],
    });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderRoute('/reset-password?token=good');

    await user.type(await screen.findByLabelText(/^New Password/), 'new-password');
    await user.type(screen.getByLabelText(/^Confirm New Password/), 'new-password');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText('Your password has been reset. You can now log in with your new password.')).toBeInTheDocument();
    const body = JSON.parse(String(fetchMock.mock.calls.at(-1)?.[1]?.body));
    expect(body).toEqual({ token: 'good', password: 'new-password' });

    act(() => void jest.advanceTimersByTime(2900));
    expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/reset-password$/);
    act(() => void jest.advanceTimersByTime(200));
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/login$/));
  });

  it("shows the server's message when the reset fails", async () => {
    stubApi({ ...validToken, 'POST /api/auth/reset-password': [400, { msg: 'This password reset link is invalid or has expired.' }] });
    const user = userEvent.setup();
    renderRoute('/reset-password?token=good');

    await user.type(await screen.findByLabelText(/^New Password/), 'new-password');
    await user.type(screen.getByLabelText(/^Confirm New Password/), 'new-password');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This password reset link is invalid or has expired.');
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeEnabled();
  });
});
