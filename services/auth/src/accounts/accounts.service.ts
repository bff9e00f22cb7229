import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import type { LoginRequest, RegisterRequest } from '@pid/contracts';
import { JwtService } from '@pid/platform';
import { EmailVerificationService } from '../email-verification/email-verification.service';
import { MESSAGES } from '../messages';
import { PasswordHasher } from '../passwords/password-hasher';
import { UsersService } from '../users/users.service';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../validation/account-fields';

/** Creates accounts and logs users in; both answer a login token. */
@Injectable()
export class AccountsService {
  constructor(
    @Inject(UsersService) private readonly users: UsersService,
    @Inject(PasswordHasher) private readonly passwords: PasswordHasher,
    @Inject(JwtService) private readonly jwt: JwtService,
    @Inject(EmailVerificationService) private readonly verification: EmailVerificationService,
  ) {}

  async register(request: RegisterRequest): Promise<string> {
    if (await this.users.findByEmail(request.email)) throw new BadRequestException(MESSAGES.userExists);
    const user = await this.users.create({
      username: request.username,
      email: request.email,
      passwordHash: await this.passwords.hash(request.password),
    });
    this.verification.sendLinkLater(user);
    return this.jwt.sign(user.id, user.tokenVersion);
  }

  /** The same 400 for an unknown address and a wrong password, after the same argon2 work. */
  async login(request: LoginRequest): Promise<string> {
    // No account has an address or password this long, whatever the guess.
    if (request.email.length > EMAIL_MAX_LENGTH || request.password.length > PASSWORD_MAX_LENGTH) {
      throw new BadRequestException(MESSAGES.invalidCredentials);
    }
    const user = await this.users.findByEmail(request.email);
    if (!(await this.passwords.verify(user?.passwordHash, request.password)) || !user) {
      throw new BadRequestException(MESSAGES.invalidCredentials);
    }
    return this.jwt.sign(user.id, user.tokenVersion);
  }
}
