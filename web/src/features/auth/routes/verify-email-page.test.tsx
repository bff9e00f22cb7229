import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from '@jest/globals';
import type { User } from '@pid/contracts';
import { authKeys } from '../../../lib/session/api/query-keys';
import { jsonResponse, makeUser, signIn, stubApi, stubSignedIn } from '../../../test/api-stub';
import { renderRoute } from '../../../test/render-route';

describe('verify-email page (spec §2, §4)', () => {
  it('idle: instructions with the e-mail from navigation state, a spam hint, resend and Back to Login', () => {
    stubApi({});
    renderRoute('/verify-email', { state: { email: 'jane@example.com' } });

    expect(screen.getByRole('heading', { level: 1, name: 'Verify Your Email' })).toBeInTheDocument();
    expect(screen.getByText('jane@example.com')).toBeInTheDocument();
    expect(screen.getByText(/spam/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend verification email' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  });

  it('removes the token from the URL, shows the spinner, then success with "Continue to Pricing"', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { calls } = stubApi({ 'GET /api/auth/verify-email/tok-123': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderRoute('/verify-email?token=tok-123');

    expect(await screen.findByText('Verifying your email...')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('current-search')).toBeEmptyDOMElement());
    expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/verify-email$/);

    answer(new Response(JSON.stringify({ msg: 'Email verified successfully' }), { headers: { 'Content-Type': 'application/json' } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Email Verified Successfully!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to Pricing' })).toHaveAttribute('href', '/pricing');
    expect(calls).toEqual(['GET /api/auth/verify-email/tok-123']);
  });

  it('marks the signed-in user verified, so verified-only pages open', async () => {
    signIn();
    let verified = false;
    stubApi({
      'GET /api/auth/me': () => jsonResponse(200, makeUser({ isEmailVerified: verified })),
      'GET /api/auth/verify-email/tok-1': () => {
        verified = true;
        return jsonResponse(200, { msg: 'Email verified successfully' });
      },
      'GET /api/payments/subscription-status': [200, { isActive: false, subscriptionId: null, status: null }],
    });
    const user = userEvent.setup();
    renderRoute('/verify-email?token=tok-1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Email Verified Successfully!' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Continue to Pricing' }));
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/pricing$/));
  });

  it('stays verified when a user load sent before the verification is answered after it', async () => {
    signIn();
    let verified = false;
    let answerStaleLoad: (response: Response) => void = () => undefined;
    const { calls } = stubApi({
      'GET /api/auth/me': () =>
        calls.filter((call) => call === 'GET /api/auth/me').length === 1
          ? new Promise<Response>((resolve) => (answerStaleLoad = resolve))
          : jsonResponse(200, makeUser({ isEmailVerified: verified })),
      'GET /api/auth/verify-email/tok-2': () => {
        verified = true;
        return jsonResponse(200, { msg: 'Email verified successfully' });
      },
    });
    const { queryClient } = renderRoute('/verify-email?token=tok-2');

    expect(await screen.findByRole('heading', { level: 1, name: 'Email Verified Successfully!' })).toBeInTheDocument();
    answerStaleLoad(jsonResponse(200, makeUser({ isEmailVerified: false })));
    await waitFor(() => expect(queryClient.getQueryData<User>(authKeys.currentUser())?.isEmailVerified).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(queryClient.getQueryData<User>(authKeys.currentUser())?.isEmailVerified).toBe(true);
  });

  it('failure: "Verification Failed" with the message and a resend button', async () => {
    stubApi({
      'GET /api/auth/verify-email/bad': [400, { msg: 'Invalid or expired verification token. Please request a new verification email.' }],
    });
    renderRoute('/verify-email?token=bad');

    expect(await screen.findByRole('heading', { level: 1, name: 'Verification Failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid or expired verification token. Please request a new verification email.');
    expect(screen.getByRole('button', { name: 'Resend verification email' })).toBeInTheDocument();
  });

  it('shows the verified screen to a user who is already verified', async () => {
    stubSignedIn({ isEmailVerified: true });
    renderRoute('/verify-email');

    expect(await screen.findByRole('heading', { level: 1, name: 'Email Verified Successfully!' })).toBeInTheDocument();
  });

  it('resends the verification e-mail', async () => {
    const { calls } = stubSignedIn(
      { isEmailVerified: false },
      {
        'POST /api/auth/resend-verification': [200, { msg: 'Verification email sent' }],
      },
    );
    const user = userEvent.setup();
    renderRoute('/verify-email');

    await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('Verification email sent')).toBeInTheDocument();
    expect(calls).toContain('POST /api/auth/resend-verification');
  });

  it('reports a failed resend', async () => {
    stubSignedIn(
      { isEmailVerified: false },
      {
        'POST /api/auth/resend-verification': new Response('', { status: 503 }),
      },
    );
    const user = userEvent.setup();
    renderRoute('/verify-email');

    await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to resend verification email. Please try again.');
  });
});
