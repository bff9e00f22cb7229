import { stat } from 'node:fs/promises';
import path from 'node:path';
import { eventually, type ServiceHarness, HOOK_TIMEOUT_MS } from '@pid/platform/test-kit';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AuthEnv } from '../env';
import { readMailbox, registerAccount, startAuthService, tokenFromLink } from '../testing/auth-test-kit';

let service: ServiceHarness<AuthEnv>;
let mailbox: string;
beforeAll(async () => {
  service = await startAuthService();
  mailbox = service.context.env.MAILBOX_DIR;
}, HOOK_TIMEOUT_MS);
afterAll(async () => service?.close(), HOOK_TIMEOUT_MS);

const mailsTo = (address: string, count: number) =>
  eventually(async () => {
    const mails = (await readMailbox(mailbox)).filter((mail) => mail.to.includes(address));
    return mails.length >= count ? mails : undefined;
  }, `${count} mail(s) to ${address} in ${mailbox}`);

describe('without SMTP_URL', () => {
  it('files the verification mail in the mailbox folder, and its link verifies the account', async () => {
    expect(service.context.env.SMTP_URL).toBeUndefined();
    const account = await registerAccount(service);
    const [mail] = await mailsTo(account.email, 1);
    expect(path.dirname(mail!.file)).toBe(path.resolve(mailbox));
    expect((await stat(mail!.file)).mode & 0o777).toBe(0o600);
    expect(mail!.from).toEqual({ name: 'P&ID Digitizer', address: 'accounts@pid.test' });

    await request(service.http)
      .get(`/api/auth/verify-email/${tokenFromLink(mail!, '/verify-email')}`)
      .expect(200);
    const me = await request(service.http).get('/api/auth/me').set('Authorization', `Bearer ${account.token}`).expect(200);
    expect(me.body.isEmailVerified).toBe(true);
  });

  it('files the reset mail too, and its link resets the password', async () => {
    const account = await registerAccount(service);
    await request(service.http).post('/api/auth/forgot-password').send({ email: account.email }).expect(200);
    const mails = await mailsTo(account.email, 2);
    const reset = mails.find((mail) => mail.subject === 'Reset your password');
    await request(service.http)
      .post('/api/auth/reset-password')
      .send({ token: tokenFromLink(reset!, '/reset-password'), password: 'a new password' })
      .expect(200);
    await request(service.http).post('/api/auth/login').send({ email: account.email, password: 'a new password' }).expect(200);
  });
});
