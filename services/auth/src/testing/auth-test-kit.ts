/** Helpers for the auth service's integration tests: a capturing SMTP server, the service, accounts. */
import { readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { closeInOrder, eventually, startServiceHarness, type ServiceHarness, expectWith } from '@pid/platform/test-kit';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import request from 'supertest';
import { expect } from '@jest/globals';
import { authServiceDefinition } from '../auth.service-definition';
import type { AuthEnv } from '../env';

export const PUBLIC_URL = 'http://web.test:8080';
export const MAIL_FROM = 'P&ID Digitizer <accounts@pid.test>';

export interface CapturedMail {
  from: { name: string; address?: string } | undefined;
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export interface SmtpCapture {
  /** With the credentials the server insists on. */
  url: string;
  messages: CapturedMail[];
  /** Waits until `count` messages (with this subject, if given) went to `address`, and returns them in order. */
  mailsTo(address: string, count?: number, subject?: string): Promise<CapturedMail[]>;
  close(): Promise<void>;
}

function capturedMail(parsed: ParsedMail): CapturedMail {
  const to = [parsed.to ?? []].flat().flatMap((group) => group.value.map((address) => address.address ?? ''));
  return { from: parsed.from?.value[0], to, subject: parsed.subject ?? '', text: parsed.text ?? '', html: String(parsed.html) };
}

/** A real SMTP server on loopback that accepts only the given login and keeps every message, parsed. */
export async function startSmtpCapture(user = 'mailer', pass = 'smtp-secret'): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === pass) return callback(null, { user });
      callback(new Error('Invalid username or password'));
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then((parsed) => {
        messages.push(capturedMail(parsed));
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${user}:${pass}@127.0.0.1:${port}`,
    messages,
    mailsTo: (address, count = 1, subject) =>
      eventually(() => {
        // Case-insensitively: nodemailer writes the domain in lower case.
        const to = (message: CapturedMail) => message.to.some((recipient) => recipient.toLowerCase() === address.toLowerCase());
        const found = messages.filter((message) => to(message) && (subject === undefined || message.subject === subject));
        return found.length >= count ? found : undefined;
      }, `${count} mail(s) to ${address}`),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The token of the first `${PUBLIC_URL}${route}?token=…` link in a mail's text and HTML. */
export function tokenFromLink(mail: Pick<CapturedMail, 'text' | 'html'>, route: '/verify-email' | '/reset-password'): string {
  const pattern = new RegExp(`${PUBLIC_URL.replace(/[.]/g, '\\.')}${route}\\?token=([A-Za-z0-9_-]+)`);
  const inText = pattern.exec(mail.text)?.[1];
  expectWith(inText, `a ${route} link in the text part`).toBeDefined();
  expectWith(pattern.exec(mail.html)?.[1], `the same ${route} link in the HTML part`).toBe(inText);
  return inText!;
}

/** The auth service on the test file's own PostgreSQL and NATS. Rate limits are high unless a test lowers them. */
export function startAuthService(env: Record<string, string> = {}): Promise<ServiceHarness<AuthEnv>> {
  return startServiceHarness(authServiceDefinition, (services) => ({
    PUBLIC_URL,
    MAIL_FROM,
    MAILBOX_DIR: path.join(services.tempDir, 'mail'),
    RATE_LIMIT_MAX_PER_IP: '10000',
    RATE_LIMIT_MAX_PER_EMAIL: '10000',
    SUBSCRIPTION_LOOKUP_TIMEOUT_MS: '300',
    ...env,
  }));
}

let accounts = 0;

export interface TestAccount {
  username: string;
  email: string;
  password: string;
  token: string;
  userId: string;
}

/** Registers a fresh account (unique e-mail) and returns its credentials and login token. */
export async function registerAccount(service: ServiceHarness<AuthEnv>, fields: Partial<Omit<TestAccount, 'token' | 'userId'>> = {}) {
  accounts += 1;
  const account = {
    username: `user${accounts}`,
    email: `user${accounts}-${process.pid}@example.com`,
    password: 'correct horse',
    ...fields,
  };
  const response = await request(service.http).post('/api/auth/register').send(account).expect(201);
  const token: string = response.body.token;
  return { ...account, token, userId: jwtPayload(token).sub } satisfies TestAccount;
}

/** The claims of a login token, read without checking the signature. */
export function jwtPayload(token: string): { sub: string; exp: number; iat: number } {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
}

/** Fails when a response body carries anything secret or internal. */
export function expectNoSecrets(body: unknown): void {
  const text = JSON.stringify(body);
  for (const secret of ['$argon2', 'password', 'Hash', 'hash', 'emailNormalized', 'email_normalized']) expect(text).not.toContain(secret);
}

/** The .eml files of a mailbox folder, parsed, oldest first. */
export async function readMailbox(dir: string): Promise<Array<CapturedMail & { file: string }>> {
  const files = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (name) => {
      const file = path.join(dir, name);
      return { file, ...capturedMail(await simpleParser(await readFile(file))) };
    }),
  );
}

/** A capturing SMTP server and the auth service mailing through it; `close()` stops both. */
export async function startAuthServiceWithSmtp(
  env: Record<string, string> = {},
): Promise<{ smtp: SmtpCapture; service: ServiceHarness<AuthEnv>; close(): Promise<void> }> {
  const smtp = await startSmtpCapture();
  const service = await startAuthService({ SMTP_URL: smtp.url, ...env }).catch(async (error) => {
    await smtp.close();
    throw error;
  });
  return {
    smtp,
    service,
    close: closeInOrder(service, smtp),
  };
}
