import { createParamDecorator, Injectable, UnauthorizedException, type ExecutionContext } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { tokenFromHeaders } from './jwt';

export interface AuthenticatedUser {
  id: string;
}

export type AuthenticatedRequest = Request & { user: AuthenticatedUser };

/**
 * passport's guard with the `jwt` strategy (`JwtStrategy`): 401 `{ msg }` without a valid login token,
 * `request.user` otherwise.
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  override handleRequest<User = AuthenticatedUser>(error: unknown, user: User | false, _info: unknown, context: ExecutionContext): User {
    if (error) throw error;
    if (user) return user;
    const request = context.switchToHttp().getRequest<Request>();
    throw new UnauthorizedException(tokenFromHeaders(request.headers) ? 'Token is not valid' : 'No token, authorization denied');
  }
}

/** The user that `JwtAuthGuard` authenticated. */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthenticatedUser => context.switchToHttp().getRequest<AuthenticatedRequest>().user,
);
