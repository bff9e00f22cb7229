import { createHmac } from 'node:crypto';

const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A JWT written by hand, so that a test controls every byte an attacker could: header, claims, signature. */
export function handMadeToken(claims: object, secret: string | null, header: object = { alg: 'HS256', typ: 'JWT' }): string {
  const unsigned = `${part(header)}.${part(claims)}`;
  const signature = secret === null ? '' : createHmac('sha256', secret).update(unsigned).digest('base64url');
  return `${unsigned}.${signature}`;
}

/**
 * Tokens that must all be refused, for the victim `userId`: made with the attacker's own valid token
 * where tampering needs one, and with the product's real secret where only a claim is wrong.
 */
export function hostileTokens(userId: string, attackerToken: string, secret: string): Array<[string, string]> {
  const now = Math.floor(Date.now() / 1000);
  const [header, , signature] = attackerToken.split('.');
  return [
    [
      'tampered: the victim as subject under the attacker’s signature',
      `${header}.${part({ sub: userId, iat: now, exp: now + 3600 })}.${signature}`,
    ],
    ['expired', handMadeToken({ sub: userId, iat: now - 7200, exp: now - 3600 }, secret)],
    ['signed with another key', handMadeToken({ sub: userId, iat: now, exp: now + 3600 }, 'another-secret-that-is-long-enough-for-hs256')],
    ['alg: none', handMadeToken({ sub: userId, iat: now, exp: now + 3600 }, null, { alg: 'none', typ: 'JWT' })],
    ['HS512 with the real secret (only HS256 is accepted)', hs512({ sub: userId, iat: now, exp: now + 3600 }, secret)],
    ['without an expiry', handMadeToken({ sub: userId, iat: now }, secret)],
    ['garbage', 'not.a.token'],
  ];
}

function hs512(claims: object, secret: string): string {
  const unsigned = `${part({ alg: 'HS512', typ: 'JWT' })}.${part(claims)}`;
  return `${unsigned}.${createHmac('sha512', secret).update(unsigned).digest('base64url')}`;
}
