import { randomUUID } from 'node:crypto';
import { baseUrl } from './browser';
import { waitForMailLink } from './mailbox';

export interface TestAccount {
  username: string;
  email: string;
  password: string;
}

/** A fresh account each run: the stack under test may be reused between runs. */
export function newAccount(prefix: string): TestAccount {
  const id = randomUUID().slice(0, 8);
  return { username: `${prefix}-${id}`, email: `${prefix}-${id}@example.com`, password: `pw-${randomUUID()}` };
}

async function call(path: string, init: RequestInit = {}): Promise<unknown> {
  const response = await fetch(`${baseUrl}${path}`, { ...init, headers: { 'Content-Type': 'application/json', ...init.headers } });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/** Registers through the API and follows the mailed verification link, for tests that start from a verified user. */
export async function createVerifiedAccount(prefix: string): Promise<TestAccount> {
  const account = newAccount(prefix);
  await call('/api/auth/register', { method: 'POST', body: JSON.stringify(account) });
  const link = new URL(await waitForMailLink(account.email, '/verify-email'));
  await call(`/api/auth/verify-email/${encodeURIComponent(link.searchParams.get('token') ?? '')}`);
  return account;
}
