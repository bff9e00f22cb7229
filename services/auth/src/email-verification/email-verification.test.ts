import { createHash } from 'node:crypto';
import { startForTestFile, startServiceForTest, type ServiceHarness } from '@pid/platform/test-kit';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { authServiceDefinition } from '../auth.service-definition';
import type { AuthEnv } from '../env';
import { expectNoSecrets, registerAccount, startAuthServiceWithSmtp, tokenFromLink, type SmtpCapture } from '../testing/auth-test-kit';

const VERIFY_SUBJECT = 'Verify your email address';
const INVALID = { msg: 'Invalid or expired verification token. Please request a new verification email.' };

let smtp: SmtpCapture;
let service: ServiceHarness<AuthEnv>;
startForTestFile({ beforeAll, afterAll }, startAuthServiceWithSmtp, (started) => ({ smtp, service } = started));

const api = () => request(service.http);
const me = async (token: string) => (await api().get('/api/auth/me').set('Authorization', `Bearer ${token}`).expect(200)).body;

/** Registers an account and returns it with the token of the verification link it was mailed. */
async function registeredWithLink() {
  const account = await registerAccount(service);
  const [mail] = await smtp.mailsTo(account.email, 1, VERIFY_SUBJECT);
  return { account, mail: mail!, token: tokenFromLink(mail!, '/verify-email') };
}

describe('the verification mail', () => {
  it('goes over SMTP to the new address, from MAIL_FROM, as HTML with a plain-text part', async () => {
    const { account, mail } = await registeredWithLink();
    expect(mail.from).toEqual({ name: 'P&ID Digitizer', address: 'accounts@pid.test' });
    expect(mail.to).toEqual([account.email]);
    expect(mail.subject).toBe('Verify your email address');
    expect(mail.text).toContain(`Hello ${account.username},`);
    expect(mail.html).toContain('<a href="http://web.test:8080/verify-email?token=');
  });

  it('carries a link whose token verifies the account', async () => {
    const { account, token } = await registeredWithLink();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const response = await api().get(`/api/auth/verify-email/${token}`).expect(200);
    expect(response.body).toEqual({
      msg: 'Email verified successfully',
      user: { _id: account.userId, username: account.username, email: account.email, isEmailVerified: true, hasActiveSubscription: false },
    });
    expectNoSecrets(response.body);
    expect((await me(account.token)).isEmailVerified).toBe(true);
  });

  it('stores only the SHA-256 hash of the token, with a 24-hour expiry', async () => {
    const { account, token } = await registeredWithLink();
    const rows = await service.context.dataSource.query(
      `SELECT token_hash, purpose, extract(epoch FROM expires_at - created_at)::int AS ttl FROM auth_tokens WHERE user_id = $1`,
      [account.userId],
    );
    expect(rows).toEqual([{ token_hash: createHash('sha256').update(token).digest('hex'), purpose: 'email_verification', ttl: 86_400 }]);
  });
});

describe('GET /api/auth/verify-email/:token', () => {
  it('works once: a used link is refused', async () => {
    const { token } = await registeredWithLink();
    await api().get(`/api/auth/verify-email/${token}`).expect(200);
    await api().get(`/api/auth/verify-email/${token}`).expect(400, INVALID);
  });

  it('refuses an expired link and leaves the account unverified', async () => {
    const { account, token } = await registeredWithLink();
    await service.context.dataSource.query(`UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [
      account.userId,
    ]);
    await api().get(`/api/auth/verify-email/${token}`).expect(400, INVALID);
    expect((await me(account.token)).isEmailVerified).toBe(false);
  });

  it('refuses unknown and tampered tokens', async () => {
    const { account, token } = await registeredWithLink();
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [tampered, 'unknown-token', 'x'.repeat(500)]) await api().get(`/api/auth/verify-email/${bad}`).expect(400, INVALID);
    expect((await me(account.token)).isEmailVerified).toBe(false);
  });

  it('does not take a password reset token', async () => {
    const account = await registerAccount(service);
    await api().post('/api/auth/forgot-password').send({ email: account.email }).expect(200);
    const [resetMail] = await smtp.mailsTo(account.email, 1, 'Reset your password');
    await api()
      .get(`/api/auth/verify-email/${tokenFromLink(resetMail!, '/reset-password')}`)
      .expect(400, INVALID);
  });
});

describe('POST /api/auth/resend-verification', () => {
  it('mails a new link that verifies the account', async () => {
    const { account, token: first } = await registeredWithLink();
    await api()
      .post('/api/auth/resend-verification')
      .set('Authorization', `Bearer ${account.token}`)
      .expect(200, { msg: 'Verification email sent' });
    const [, resent] = await smtp.mailsTo(account.email, 2, VERIFY_SUBJECT);
    const second = tokenFromLink(resent!, '/verify-email');
    expect(second).not.toBe(first);
    await api().get(`/api/auth/verify-email/${second}`).expect(200);
    expect((await me(account.token)).isEmailVerified).toBe(true);
    // Once verified, the older link has nothing left to do.
    await api().get(`/api/auth/verify-email/${first}`).expect(400, INVALID);
  });

  it('refuses when the address is already verified', async () => {
    const { account, token } = await registeredWithLink();
    await api().get(`/api/auth/verify-email/${token}`).expect(200);
    await api().post('/api/auth/resend-verification').set('x-auth-token', account.token).expect(400, { msg: 'Email is already verified' });
  });

  it('needs a login', async () => {
    await api().post('/api/auth/resend-verification').expect(401, { msg: 'No token, authorization denied' });
  });
});

describe('a mail server that does not answer', () => {
  it('does not stop registration, and a resend says it failed', async () => {
    const down = await startServiceForTest(authServiceDefinition, service.services, { SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const response = await request(down.http)
        .post('/api/auth/register')
        .send({ username: 'offline', email: 'offline@example.com', password: 'secret1' })
        .expect(201);
      await request(down.http)
        .post('/api/auth/resend-verification')
        .set('Authorization', `Bearer ${response.body.token}`)
        .expect(503, { msg: 'Failed to resend verification email. Please try again.' });
    } finally {
      await down.close();
    }
  });
});
