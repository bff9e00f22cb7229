import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BackgroundTasks } from '../background/background-tasks';
import { AccountMailer } from '../mail/account-mailer';
import { MESSAGES } from '../messages';
import { PasswordHasher } from '../passwords/password-hasher';
import { AuthTokensService } from '../tokens/auth-tokens.service';
import { SessionRevocation } from '../users/session-revocation';
import { UsersService } from '../users/users.service';

/** Lets a user who forgot the password set a new one through a link mailed to the account's address. */
@Injectable()
export class PasswordResetService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(UsersService) private readonly users: UsersService,
    @Inject(AuthTokensService) private readonly tokens: AuthTokensService,
    @Inject(PasswordHasher) private readonly passwords: PasswordHasher,
    @Inject(AccountMailer) private readonly mailer: AccountMailer,
    @Inject(BackgroundTasks) private readonly background: BackgroundTasks,
    @Inject(SessionRevocation) private readonly sessions: SessionRevocation,
  ) {}

  /**
   * Mails a reset link if the address has an account. All of it happens after the response, which is
   * therefore the same, and as fast, for every address.
   */
  requestReset(email: string): void {
    this.background.run('sending a password reset mail', async () => {
      const user = await this.users.findByEmail(email);
      if (!user) return;
      await this.mailer.sendPasswordReset(user, await this.tokens.issue(user.id, 'password_reset'));
    });
  }

  /** 400 unless the token can still reset a password. */
  async check(token: string): Promise<void> {
    if (!(await this.tokens.peek(token, 'password_reset'))) throw new BadRequestException(MESSAGES.invalidResetToken);
  }

  /** Sets the new password, using up the token and every other reset link of the user, and ends the user's sessions. */
  async reset(token: string, password: string): Promise<void> {
    // Check before hashing, so that made-up tokens cost no argon2 time.
    const userId = await this.tokens.peek(token, 'password_reset');
    if (!userId) throw new BadRequestException(MESSAGES.invalidResetToken);
    const passwordHash = await this.passwords.hash(password);
    const version = await this.dataSource.transaction(async (manager) => {
      // A concurrent reset with the same link may have won meanwhile; then this one fails.
      if ((await this.tokens.consume(token, 'password_reset', manager)) !== userId)
        throw new BadRequestException(MESSAGES.invalidResetToken);
      await this.users.setPasswordHash(userId, passwordHash, manager);
      await this.tokens.revokeAll(userId, 'password_reset', manager);
      return this.sessions.raise(userId, manager);
    });
    await this.sessions.publish(userId, version);
  }
}
