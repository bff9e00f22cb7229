import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { ANNUAL_PLAN_PRICE_ID } from '@pid/contracts';
import { call } from './api-client';

export interface Account {
  userId: string;
  email: string;
  password: string;
  token: string;
  /** The paid test-mode checkout session (subscribed accounts only). */
  checkoutSessionId?: string;
}

export type AccountLevel = 'unverified' | 'verified' | 'subscribed';

/**
 * A real account made through the gateway as a person makes one: register, follow the mailed
 * verification link, pay the test-mode checkout. `level` says how far it goes.
 */
export async function createAccount(baseUrl: string, mailboxDir: string, level: AccountLevel = 'subscribed'): Promise<Account> {
  const id = randomUUID().slice(0, 8);
  const email = `user-${id}@example.com`;
  const password = `pw-${randomUUID()}`;
  const registered = await expectOk(call(baseUrl, 'POST', '/api/auth/register', { body: { username: `user-${id}`, email, password } }));
  const token = (registered.body as { token: string }).token;
  const userId = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string }).sub;
  const account = { userId, email, password, token };
  if (level === 'unverified') return account;
  const verificationToken = await mailedToken(mailboxDir, email, '/verify-email');
  await expectOk(call(baseUrl, 'GET', `/api/auth/verify-email/${encodeURIComponent(verificationToken)}`));
  if (level === 'verified') return account;
  const checkout = await expectOk(
    call(baseUrl, 'POST', '/api/payments/create-checkout-session', { token, body: { priceId: ANNUAL_PLAN_PRICE_ID } }),
  );
  const checkoutPath = new URL((checkout.body as { url: string }).url).pathname;
  const paid = await call(baseUrl, 'POST', `${checkoutPath}/pay`);
  if (paid.status !== 303) throw new Error(`test checkout pay answered ${paid.status}: ${paid.text.slice(0, 200)}`);
  return { ...account, checkoutSessionId: decodeURIComponent(checkoutPath.split('/').pop()!) };
}

async function expectOk(pending: ReturnType<typeof call>) {
  const response = await pending;
  if (response.status >= 300) throw new Error(`answered ${response.status}: ${response.text.slice(0, 300)}`);
  return response;
}

/** The token of the newest `{route}?token=…` link mailed to `email` (the mailbox holds .eml files, quoted-printable). */
async function mailedToken(mailboxDir: string, email: string, route: string, timeoutMs = 10_000): Promise<string> {
  const pattern = new RegExp(`${route}\\?token=([A-Za-z0-9_.~%-]+)`);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = (await readdir(mailboxDir).catch(() => [] as string[])).filter((file) => file.endsWith('.eml')).sort();
    for (const file of files.reverse()) {
      const raw = (await readFile(path.join(mailboxDir, file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
      if (!raw.toLowerCase().includes(email.toLowerCase())) continue;
      const match = pattern.exec(raw);
      if (match) return match[1]!;
    }
    if (Date.now() > deadline) throw new Error(`no ${route} mail to ${email} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
