import { startForTestFile, type ServiceHarness } from '@pid/platform/test-kit';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AuthEnv } from '../env';
import { expectNoSecrets, jwtPayload, registerAccount, startAuthServiceWithSmtp } from '../testing/auth-test-kit';

let service: ServiceHarness<AuthEnv>;
startForTestFile(
  { beforeAll, afterAll },
  () => startAuthServiceWithSmtp({ JWT_EXPIRES_IN_SECONDS: '3600' }),
  (started) => ({ service } = started),
);

const api = () => request(service.http);

describe('POST /api/auth/register', () => {
  it('creates the account and answers a login token for it', async () => {
    const response = await api()
      .post('/api/auth/register')
      .send({ username: '  Jane  ', email: '  Jane.Doe@Example.COM ', password: 'secret1' })
      .expect(201);
    expect(Object.keys(response.body)).toEqual(['token']);
    const claims = jwtPayload(response.body.token);
    expect(claims.exp - claims.iat).toBe(3600);

    const me = await api().get('/api/auth/me').set('Authorization', `Bearer ${response.body.token}`).expect(200);
    expect(me.body).toEqual({
      _id: claims.sub,
      username: 'Jane',
      email: 'Jane.Doe@Example.COM',
      isEmailVerified: false,
      hasActiveSubscription: false,
    });
  });

  it('stores an argon2id hash, never the password', async () => {
    const account = await registerAccount(service, { password: 'plain-text-secret' });
    const [row] = await service.context.dataSource.query('SELECT password_hash, email_normalized FROM users WHERE id = $1', [
      account.userId,
    ]);
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$/);
    expect(row.password_hash).not.toContain('plain-text-secret');
    expect(row.email_normalized).toBe(account.email.toLowerCase());
  });

  it.each([
    ['differing only in case', (email: string) => email.toUpperCase()],
    ['differing only in surrounding whitespace', (email: string) => `  ${email}\t`],
  ])('refuses a second account with the same e-mail, %s', async (_case, variant) => {
    const first = await registerAccount(service);
    const response = await api()
      .post('/api/auth/register')
      .send({ username: 'someone', email: variant(first.email), password: 'secret1' })
      .expect(400);
    expect(response.body).toEqual({ msg: 'User already exists' });
    const [{ count }] = await service.context.dataSource.query('SELECT count(*)::int AS count FROM users WHERE email_normalized = $1', [
      first.email.toLowerCase(),
    ]);
    expect(count).toBe(1);
  });

  const valid = { username: 'valid', email: 'valid@example.com', password: 'secret1' };
  it.each([
    ['a body that is an array', [valid], 'Request body must be a JSON object'],
    ['no username', { ...valid, username: undefined }, 'Username is required'],
    ['a blank username', { ...valid, username: '   ' }, 'Username is required'],
    ['a username that is a number', { ...valid, username: 42 }, 'Username is required'],
    ['a username over 100 characters', { ...valid, username: 'x'.repeat(101) }, 'Username must be at most 100 characters'],
    ['an e-mail without an at sign', { ...valid, email: 'jane.example.com' }, 'Please enter a valid email address'],
    ['an e-mail without a dot after the at sign', { ...valid, email: 'jane@example' }, 'Please enter a valid email address'],
    ['an e-mail with a space inside', { ...valid, email: 'jane doe@example.com' }, 'Please enter a valid email address'],
    ['an e-mail over 254 characters', { ...valid, email: `${'x'.repeat(250)}@example.com` }, 'Please enter a valid email address'],
    ['an e-mail that is an object', { ...valid, email: { $ne: null } }, 'Please enter a valid email address'],
    ['a password of 5 characters', { ...valid, password: '12345' }, 'Password must be at least 6 characters'],
    ['a password that is a number', { ...valid, password: 123456 }, 'Password is required'],
    ['a password over 1024 characters', { ...valid, password: 'x'.repeat(1025) }, 'Password must be at most 1024 characters'],
  ])('answers 400 { msg } for %s', async (_case, body, msg) => {
    await api().post('/api/auth/register').send(body).expect(400, { msg });
  });

  it('answers 400 { msg } without a body', async () => {
    await api().post('/api/auth/register').expect(400, { msg: 'Request body must be a JSON object' });
  });

  it('checks the password before the e-mail, as the register form does', async () => {
    await api()
      .post('/api/auth/register')
      .send({ username: 'x', email: 'bad', password: '123' })
      .expect(400, { msg: 'Password must be at least 6 characters' });
  });

  it('accepts a password of exactly 6 characters', async () => {
    await registerAccount(service, { password: '123456' });
  });
});

describe('POST /api/auth/login', () => {
  it('answers a token for the right password, whatever the case and spacing of the e-mail', async () => {
    const account = await registerAccount(service);
    const response = await api()
      .post('/api/auth/login')
      .send({ email: ` ${account.email.toUpperCase()} `, password: account.password })
      .expect(200);
    expect(Object.keys(response.body)).toEqual(['token']);
    expect(jwtPayload(response.body.token).sub).toBe(account.userId);
    const me = await api().get('/api/auth/me').set('x-auth-token', response.body.token).expect(200);
    expect(me.body._id).toBe(account.userId);
  });

  it('answers a wrong password and an unknown e-mail identically', async () => {
    const account = await registerAccount(service);
    const wrongPassword = await api().post('/api/auth/login').send({ email: account.email, password: 'not the password' });
    const unknownEmail = await api().post('/api/auth/login').send({ email: 'nobody@example.com', password: 'not the password' });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body).toEqual({ msg: 'Invalid credentials' });
    expect(unknownEmail.status).toBe(wrongPassword.status);
    expect(unknownEmail.body).toEqual(wrongPassword.body);
    expect(unknownEmail.headers['content-type']).toBe(wrongPassword.headers['content-type']);
  });

  it.each([
    ['no password', { email: 'a@example.com' }],
    ['an empty e-mail', { email: '', password: 'secret1' }],
    ['a password that is a number', { email: 'a@example.com', password: 123456 }],
  ])('answers 400 { msg } for %s', async (_case, body) => {
    await api().post('/api/auth/login').send(body).expect(400, { msg: 'Please enter your email and password' });
  });

  it('refuses over-long input as invalid credentials', async () => {
    await api()
      .post('/api/auth/login')
      .send({ email: 'a@example.com', password: 'x'.repeat(5000) })
      .expect(400, { msg: 'Invalid credentials' });
  });
});

describe('GET /api/auth and /api/auth/me', () => {
  it('answer the same user, with nothing secret in it', async () => {
    const account = await registerAccount(service);
    const current = await api().get('/api/auth').set('Authorization', `Bearer ${account.token}`).expect(200);
    const me = await api().get('/api/auth/me').set('Authorization', `Bearer ${account.token}`).expect(200);
    expect(current.body).toEqual(me.body);
    expect(me.body).toMatchObject({ _id: account.userId, username: account.username, email: account.email });
    expectNoSecrets(me.body);
  });

  it.each(['/api/auth', '/api/auth/me'])('%s refuses a missing, tampered or expired token with 401 { msg }', async (path) => {
    const account = await registerAccount(service);
    await api().get(path).expect(401, { msg: 'No token, authorization denied' });

    const [header, , signature] = account.token.split('.');
    const otherPayload = Buffer.from(
      JSON.stringify({ ...jwtPayload(account.token), sub: '00000000-0000-4000-8000-000000000000' }),
    ).toString('base64url');
    await api().get(path).set('Authorization', `Bearer ${header}.${otherPayload}.${signature}`).expect(401, { msg: 'Token is not valid' });

    const expired = jwt.sign({ exp: Math.floor(Date.now() / 1000) - 10 }, service.context.env.JWT_SECRET, { subject: account.userId });
    await api().get(path).set('Authorization', `Bearer ${expired}`).expect(401, { msg: 'Token is not valid' });

    const foreign = jwt.sign({}, 'another-secret-that-is-long-enough-for-hs256', { subject: account.userId, expiresIn: 60 });
    await api().get(path).set('x-auth-token', foreign).expect(401, { msg: 'Token is not valid' });
  });

  it('answers 401 for a valid token whose account does not exist', async () => {
    const secret = service.context.env.JWT_SECRET;
    for (const subject of ['5b1f1f5e-8a3c-4c55-9d40-2f4a3f0c9e11', 'not-a-uuid']) {
      const token = jwt.sign({}, secret, { subject, expiresIn: 60 });
      await api().get('/api/auth/me').set('Authorization', `Bearer ${token}`).expect(401, { msg: 'User not found' });
    }
  });
});
