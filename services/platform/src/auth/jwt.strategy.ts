import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-jwt';
import { SERVICE_ENV } from '../bootstrap/tokens';
import type { AuthenticatedUser } from './jwt.guard';
import { JWT_ALGORITHM, tokenFromHeaders } from './jwt';
import { TokenVersions } from './token-versions';

/** passport's name of the login-token strategy. */
export const JWT_STRATEGY = 'jwt';

/**
 * The login-token strategy of every service: the token from `Authorization: Bearer` or `x-auth-token`,
 * HS256 only (so `alg: none` and foreign algorithms fail), unexpired, and not older than the user's
 * last password reset or e-mail change (`TokenVersions`).
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, JWT_STRATEGY) {
  constructor(
    @Inject(SERVICE_ENV) env: { JWT_SECRET: string },
    @Inject(TokenVersions) private readonly versions: TokenVersions,
  ) {
    super({
      jwtFromRequest: (request: Request) => tokenFromHeaders(request.headers) ?? null,
      secretOrKey: env.JWT_SECRET,
      algorithms: [JWT_ALGORITHM],
    });
  }

  /** false (401) for claims without a user id or expiry, or from before the user's last revocation. */
  validate(claims: { sub?: unknown; exp?: unknown; ver?: unknown }): AuthenticatedUser | false {
    if (typeof claims.sub !== 'string' || typeof claims.exp !== 'number') return false;
    return this.versions.accepts({ sub: claims.sub, ver: claims.ver }) ? { id: claims.sub } : false;
  }
}
