import jwt from 'jsonwebtoken';
import { describe, expect, it } from '@jest/globals';
import { JwtService, tokenFromHeaders } from './jwt';

const secret = 'a-secret-that-is-long-enough-for-hs256-signing';

describe('JwtService', () => {
  const service = new JwtService(secret, 60);

  it('signs a token whose payload holds the user id and exp in seconds', () => {
    const token = service.sign('user-42');
    const payload = service.verify(token)!;
    expect(payload.sub).toBe('user-42');
    expect(payload.exp - Math.floor(Date.now() / 1000)).toBeGreaterThan(55);
    expect(payload.exp - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(60);
  });

  it('refuses tampered, expired, foreign, unsigned and missing tokens', () => {
    const token = service.sign('user-42');
    const [header, , signature] = token.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ sub: 'admin', exp: 9999999999 })).toString('base64url')}.${signature}`;
    const expired = jwt.sign({ sub: 'user-42', exp: Math.floor(Date.now() / 1000) - 10 }, secret);
    const foreign = new JwtService('another-secret-that-is-long-enough-too!!').sign('user-42');
    const unsigned = jwt.sign({ sub: 'user-42' }, '', { algorithm: 'none' });
    for (const bad of [forged, expired, foreign, unsigned, 'garbage', undefined]) expect(service.verify(bad)).toBeUndefined();
  });
});

describe('tokenFromHeaders', () => {
  it('prefers Authorization: Bearer and falls back to x-auth-token', () => {
    expect(tokenFromHeaders({ authorization: 'Bearer abc', 'x-auth-token': 'def' })).toBe('abc');
    expect(tokenFromHeaders({ 'x-auth-token': 'def' })).toBe('def');
    expect(tokenFromHeaders({ authorization: 'Basic abc' })).toBeUndefined();
    expect(tokenFromHeaders({})).toBeUndefined();
  });
});
