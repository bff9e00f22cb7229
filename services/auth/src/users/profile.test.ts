import { startForTestFile, type ServiceHarness } from '@pid/platform/test-kit';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AuthEnv } from '../env';
import {
  expectNoSecrets,
  registerAccount,
  startAuthServiceWithSmtp,
  tokenFromLink,
  type SmtpCapture,
  type TestAccount,
} from '../testing/auth-test-kit';

const VERIFY_SUBJECT = 'Verify your email address';

let smtp: SmtpCapture;
let service: ServiceHarness<AuthEnv>;
startForTestFile({ beforeAll, afterAll }, startAuthServiceWithSmtp, (started) => ({ smtp, service } = started));

const api = () => request(service.http);
const updateProfile = (account: TestAccount, body: unknown) =>
  api()
    .put('/api/users/profile')
    .set('Authorization', `Bearer ${account.token}`)
    .send(body as object);

/** A registered account whose address is verified through its mailed link. */
async function verifiedAccount(): Promise<TestAccount> {
  const account = await registerAccount(service);
  const [mail] = await smtp.mailsTo(account.email, 1, VERIFY_SUBJECT);
  await api()
    .get(`/api/auth/verify-email/${tokenFromLink(mail!, '/verify-email')}`)
    .expect(200);
  return account;
}

describe('PUT /api/users/profile', () => {
  it('changes the username, ignores unknown fields and answers the user', async () => {
    const account = await verifiedAccount();
    const response = await updateProfile(account, {
      username: '  Renamed  ',
      isEmailVerified: false,
      hasActiveSubscription: true,
      _id: '00000000-0000-4000-8000-000000000000',
      password: 'hijacked',
    }).expect(200);
    expect(response.body).toEqual({
      _id: account.userId,
      username: 'Renamed',
      email: account.email,
      isEmailVerified: true,
      hasActiveSubscription: false,
    });
    expectNoSecrets(response.body);
    await api().post('/api/auth/login').send({ email: account.email, password: account.password }).expect(200);
    const me = await api().get('/api/auth/me').set('Authorization', `Bearer ${account.token}`).expect(200);
    expect(me.body).toEqual(response.body);
  });

  it('makes a new e-mail address unverified until the link mailed to it is followed', async () => {
    const account = await verifiedAccount();
    const [oldLinkMail] = await smtp.mailsTo(account.email, 1, VERIFY_SUBJECT);
    const newAddress = `Moved-${account.userId}@Example.com`;

    const response = await updateProfile(account, { email: `  ${newAddress} ` }).expect(200);
    expect(response.body).toMatchObject({ email: newAddress, isEmailVerified: false });

    const [mail] = await smtp.mailsTo(newAddress, 1, VERIFY_SUBJECT);
    const login = await api().post('/api/auth/login').send({ email: newAddress.toLowerCase(), password: account.password }).expect(200);
    await api().post('/api/auth/login').send({ email: account.email, password: account.password }).expect(400);

    await api()
      .get(`/api/auth/verify-email/${tokenFromLink(mail!, '/verify-email')}`)
      .expect(200);
    const me = await api().get('/api/auth/me').set('Authorization', `Bearer ${login.body.token}`).expect(200);
    expect(me.body.isEmailVerified).toBe(true);
    // A link mailed to the old address can never verify the new one.
    await api()
      .get(`/api/auth/verify-email/${tokenFromLink(oldLinkMail!, '/verify-email')}`)
      .expect(400);
  });

  it('revokes verification links sent to the old address', async () => {
    const account = await registerAccount(service);
    const [oldMail] = await smtp.mailsTo(account.email, 1, VERIFY_SUBJECT);
    const newAddress = `elsewhere-${account.userId}@example.com`;
    await updateProfile(account, { email: newAddress }).expect(200);
    await api()
      .get(`/api/auth/verify-email/${tokenFromLink(oldMail!, '/verify-email')}`)
      .expect(400);
    const login = await api().post('/api/auth/login').send({ email: newAddress, password: account.password }).expect(200);
    const me = await api().get('/api/auth/me').set('Authorization', `Bearer ${login.body.token}`).expect(200);
    expect(me.body.isEmailVerified).toBe(false);
  });

  it('ends the sessions opened before an e-mail change, and only a change of address does', async () => {
    const account = await verifiedAccount();
    const me = (token: string) => api().get('/api/auth/me').set('Authorization', `Bearer ${token}`);
    await updateProfile(account, { username: 'Same Address', email: account.email.toUpperCase() }).expect(200);
    await me(account.token).expect(200);

    const newAddress = `sessions-${account.userId}@example.com`;
    await updateProfile(account, { email: newAddress }).expect(200);
    await me(account.token).expect(401, { msg: 'Token is not valid' });
    await updateProfile(account, { username: 'Too Late' }).expect(401, { msg: 'Token is not valid' });
    const login = await api().post('/api/auth/login').send({ email: newAddress, password: account.password }).expect(200);
    await me(login.body.token).expect(200);
  });

  it('keeps the verification when only the capitals of the address change', async () => {
    const account = await verifiedAccount();
    const response = await updateProfile(account, { email: account.email.toUpperCase() }).expect(200);
    expect(response.body).toMatchObject({ email: account.email.toUpperCase(), isEmailVerified: true });
  });

  it('refuses an address that belongs to another account', async () => {
    const account = await registerAccount(service);
    const other = await registerAccount(service);
    await updateProfile(account, { email: ` ${other.email.toUpperCase()}` }).expect(400, { msg: 'Email is already in use' });
    const me = await api().get('/api/auth/me').set('Authorization', `Bearer ${account.token}`).expect(200);
    expect(me.body.email).toBe(account.email);
  });

  it.each([
    ['a blank username', { username: ' ' }, 'Username is required'],
    ['an invalid e-mail', { email: 'not-an-address' }, 'Please enter a valid email address'],
    ['an e-mail that is null', { email: null }, 'Please enter a valid email address'],
    ['a body that is an array', [], 'Request body must be a JSON object'],
  ])('answers 400 { msg } for %s and changes nothing', async (_case, body, msg) => {
    const account = await registerAccount(service);
    await updateProfile(account, body).expect(400, { msg });
    const me = await api().get('/api/auth/me').set('Authorization', `Bearer ${account.token}`).expect(200);
    expect(me.body).toMatchObject({ username: account.username, email: account.email });
  });

  it('needs a login', async () => {
    await api().put('/api/users/profile').send({ username: 'x' }).expect(401, { msg: 'No token, authorization denied' });
  });
});
