import { startForTestFile, type ServiceHarness } from '@pid/platform/test-kit';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AuthEnv } from '../env';
import { registerAccount, startAuthServiceWithSmtp, tokenFromLink, type SmtpCapture, type TestAccount } from '../testing/auth-test-kit';

const REQUESTED = { msg: 'If an account exists with that email, password reset instructions have been sent.' };
const INVALID = { msg: 'This password reset link is invalid or has expired.' };
const RESET_SUBJECT = 'Reset your password';

let smtp: SmtpCapture;
let service: ServiceHarness<AuthEnv>;
startForTestFile({ beforeAll, afterAll }, startAuthServiceWithSmtp, (started) => ({ smtp, service } = started));

const api = () => request(service.http);

/** Asks for a reset of the account and returns the token of the link mailed for it. */
async function resetToken(account: TestAccount): Promise<string> {
  const before = smtp.messages.filter((mail) => mail.to.includes(account.email) && mail.subject === RESET_SUBJECT).length;
  await api().post('/api/auth/forgot-password').send({ email: account.email }).expect(200, REQUESTED);
  const mails = await smtp.mailsTo(account.email, before + 1, RESET_SUBJECT);
  return tokenFromLink(mails[before]!, '/reset-password');
}

const login = (email: string, password: string) => api().post('/api/auth/login').send({ email, password });
const resetPassword = (token: string, password: string) => api().post('/api/auth/reset-password').send({ token, password });

describe('POST /api/auth/forgot-password', () => {
  it('answers the same for an unknown address, and mails only the known one', async () => {
    const account = await registerAccount(service);
    const unknown = await api().post('/api/auth/forgot-password').send({ email: 'nobody-here@example.com' });
    const known = await api()
      .post('/api/auth/forgot-password')
      .send({ email: ` ${account.email.toUpperCase()} ` });
    expect(known.status).toBe(200);
    expect(known.body).toEqual(REQUESTED);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);

    const [mail] = await smtp.mailsTo(account.email, 1, RESET_SUBJECT);
    expect(mail!.text).toContain('This link expires in 1 hour.');
    tokenFromLink(mail!, '/reset-password');
    expect(smtp.messages.some((message) => message.to.includes('nobody-here@example.com'))).toBe(false);
  });

  it.each([
    ['no e-mail', {}],
    ['an e-mail that is not one', { email: 'nobody' }],
  ])('answers 400 { msg } for %s', async (_case, body) => {
    await api().post('/api/auth/forgot-password').send(body).expect(400, { msg: 'Please enter a valid email address' });
  });
});

describe('GET /api/auth/verify-reset-token/:token', () => {
  it('says a fresh link is valid', async () => {
    const token = await resetToken(await registerAccount(service));
    await api().get(`/api/auth/verify-reset-token/${token}`).expect(200, { valid: true });
  });

  it('refuses unknown, tampered and expired links', async () => {
    const account = await registerAccount(service);
    const token = await resetToken(account);
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of ['unknown', tampered]) await api().get(`/api/auth/verify-reset-token/${bad}`).expect(400, INVALID);

    await service.context.dataSource.query(`UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [
      account.userId,
    ]);
    await api().get(`/api/auth/verify-reset-token/${token}`).expect(400, INVALID);
  });

  it('does not take an e-mail verification token', async () => {
    const account = await registerAccount(service);
    const [mail] = await smtp.mailsTo(account.email, 1, 'Verify your email address');
    await api()
      .get(`/api/auth/verify-reset-token/${tokenFromLink(mail!, '/verify-email')}`)
      .expect(400, INVALID);
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password once; the old one stops working', async () => {
    const account = await registerAccount(service);
    const token = await resetToken(account);
    await resetPassword(token, 'brand new secret').expect(200, {
      msg: 'Your password has been reset. You can now log in with your new password.',
    });

    await login(account.email, 'brand new secret').expect(200);
    await login(account.email, account.password).expect(400, { msg: 'Invalid credentials' });
    await resetPassword(token, 'another secret').expect(400, INVALID);
    await api().get(`/api/auth/verify-reset-token/${token}`).expect(400, INVALID);
    await login(account.email, 'brand new secret').expect(200);
  });

  it('ends the sessions opened before the reset: their login tokens get 401', async () => {
    const account = await registerAccount(service);
    const opened = (await login(account.email, account.password).expect(200)).body.token as string;
    const me = (token: string) => api().get('/api/auth/me').set('Authorization', `Bearer ${token}`);
    await me(opened).expect(200);
    await resetPassword(await resetToken(account), 'brand new secret').expect(200);
    for (const token of [account.token, opened]) await me(token).expect(401, { msg: 'Token is not valid' });
    const fresh = (await login(account.email, 'brand new secret').expect(200)).body.token as string;
    await me(fresh).expect(200);
  });

  it('makes the user’s other reset links unusable', async () => {
    const account = await registerAccount(service);
    const first = await resetToken(account);
    const second = await resetToken(account);
    await resetPassword(second, 'brand new secret').expect(200);
    await api().get(`/api/auth/verify-reset-token/${first}`).expect(400, INVALID);
    await resetPassword(first, 'sneaky secret').expect(400, INVALID);
  });

  it('needs at least 8 characters, and a refused password leaves the link usable', async () => {
    const account = await registerAccount(service);
    const token = await resetToken(account);
    await resetPassword(token, '1234567').expect(400, { msg: 'Password must be at least 8 characters' });
    await resetPassword(token, '12345678').expect(200);
    await login(account.email, '12345678').expect(200);
  });

  it('refuses an expired link and keeps the old password', async () => {
    const account = await registerAccount(service);
    const token = await resetToken(account);
    await service.context.dataSource.query(`UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [
      account.userId,
    ]);
    await resetPassword(token, 'brand new secret').expect(400, INVALID);
    await login(account.email, account.password).expect(200);
  });

  it.each([
    ['no token', { password: 'brand new secret' }],
    ['an unknown token', { token: 'made-up', password: 'brand new secret' }],
    ['a token that is a number', { token: 12345, password: 'brand new secret' }],
  ])('refuses %s', async (_case, body) => {
    await api().post('/api/auth/reset-password').send(body).expect(400, INVALID);
  });

  it('lets only one of two simultaneous resets with the same link through', async () => {
    const account = await registerAccount(service);
    const token = await resetToken(account);
    const results = await Promise.all(['first new secret', 'second new secret'].map((password) => resetPassword(token, password)));
    expect(results.map((result) => result.status).sort()).toEqual([200, 400]);
  });
});
