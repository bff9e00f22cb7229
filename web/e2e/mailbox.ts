import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { baseUrl } from './browser';

/**
 * The local stack files every mail as an .eml under `${LOCAL_VAR_DIR}/mail` (deploy/local/test.mjs sets
 * LOCAL_VAR_DIR for the e2e run; a stack started by hand keeps its data in the repository's var/).
 */
export const mailDir = path.join(process.env.LOCAL_VAR_DIR ?? path.resolve(__dirname, '../../var'), 'mail');

/** Undoes quoted-printable: soft line breaks and =XX escapes (the links are ASCII). */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function addressedTo(raw: string, email: string): boolean {
  const headers = raw.split(/\r?\n\r?\n/, 1)[0].replace(/\r?\n[ \t]+/g, ' ');
  return headers.split(/\r?\n/).some((line) => /^To:/i.test(line) && line.toLowerCase().includes(email.toLowerCase()));
}

/**
 * Waits for the newest mail to `email` holding a `{stack}{route}?token=…` link and returns it. The link
 * must point at the stack under test: the local stack sets PUBLIC_URL to its own address.
 */
export async function waitForMailLink(email: string, route: '/verify-email' | '/reset-password', timeoutMs = 20_000): Promise<string> {
  const escapedBase = baseUrl.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const pattern = new RegExp(`${escapedBase}${route.replace('/', '\\/')}\\?token=([A-Za-z0-9_.~%-]+)`);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = (await readdir(mailDir).catch(() => [] as string[]))
      .filter((file) => file.endsWith('.eml'))
      .sort()
      .reverse();
    for (const file of files) {
      const raw = await readFile(path.join(mailDir, file), 'utf8');
      if (!addressedTo(raw, email)) continue;
      const match = pattern.exec(decodeQuotedPrintable(raw));
      if (match) return `${baseUrl}${route}?token=${match[1]}`;
    }
    if (Date.now() > deadline) throw new Error(`No ${route} mail to ${email} in ${mailDir} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
