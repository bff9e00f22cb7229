import { createParamDecorator, Inject, Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { JwtService, tokenFromHeaders } from './jwt';

export interface AuthenticatedUser {
  id: string;
}

export type AuthenticatedRequest = Request & { user: AuthenticatedUser };

/** Rejects requests without a valid login token with 401 `{ msg }`; sets `request.user` otherwise. */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(@Inject(JwtService) private readonly jwt: JwtService) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const token = tokenFromHeaders(request.headers);
    if (!token) throw new UnauthorizedException('No token, authorization denied');
    const payload = this.jwt.verify(token);
    if (!payload) throw new UnauthorizedException('Token is not valid');
    request.user = { id: payload.sub };
    return true;
  }
}

/** The user that `JwtAuthGuard` authenticated. */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthenticatedUser => context.switchToHttp().getRequest<AuthenticatedRequest>().user,
);
