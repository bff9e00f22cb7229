import jwt from 'jsonwebtoken';
import type { TokenPayload } from '@pid/contracts';

export const JWT_ALGORITHM = 'HS256';

/** Signs and verifies login tokens. Only HS256 is accepted, so `alg: none` and foreign algorithms fail. */
export class JwtService {
  constructor(
    private readonly secret: string,
    private readonly lifetimeSeconds = 7 * 24 * 3600,
  ) {}

  /** `version`: the user's token version (`ver`), which a password reset or an e-mail change raises. */
  sign(userId: string, version = 0): string {
    return jwt.sign({ ver: version }, this.secret, { algorithm: JWT_ALGORITHM, subject: userId, expiresIn: this.lifetimeSeconds });
  }

  /** The payload of a valid token, or undefined for a missing, tampered, expired or foreign one. */
  verify(token: string | undefined): TokenPayload | undefined {
    if (!token) return undefined;
    try {
      const payload = jwt.verify(token, this.secret, { algorithms: [JWT_ALGORITHM] });
      if (typeof payload === 'string' || typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return undefined;
      return { sub: payload.sub, exp: payload.exp, iat: payload.iat, ver: typeof payload.ver === 'number' ? payload.ver : undefined };
    } catch {
      return undefined;
    }
  }
}

/** The token of a request: `Authorization: Bearer …` first, then `x-auth-token` (spec §6). */
export function tokenFromHeaders(headers: Record<string, string | string[] | undefined>): string | undefined {
  const authorization = headers.authorization;
  if (typeof authorization === 'string') {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
    if (match) return match[1];
  }
  const custom = headers['x-auth-token'];
  return typeof custom === 'string' && custom.length > 0 ? custom : undefined;
}
