import { BadRequestException, Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import { LOGGER, type Logger } from '@pid/platform';
import { DataSource } from 'typeorm';
import { BackgroundTasks } from '../background/background-tasks';
import { AccountMailer } from '../mail/account-mailer';
import { MESSAGES } from '../messages';
import { AuthTokensService } from '../tokens/auth-tokens.service';
import type { UserEntity } from '../users/user.entity';
import { UsersService } from '../users/users.service';

/** Proves that a user reads the mailbox of the account's e-mail address. */
@Injectable()
export class EmailVerificationService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(UsersService) private readonly users: UsersService,
    @Inject(AuthTokensService) private readonly tokens: AuthTokensService,
    @Inject(AccountMailer) private readonly mailer: AccountMailer,
    @Inject(BackgroundTasks) private readonly background: BackgroundTasks,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Mails a fresh verification link after the response (registration, e-mail change). */
  sendLinkLater(user: UserEntity): void {
    this.background.run('sending a verification mail', () => this.sendLink(user));
  }

  /** Mails a fresh link now, for a user who asked for one; 400 when there is nothing to verify. */
  async resend(userId: string): Promise<void> {
    const user = await this.users.findAuthenticated(userId);
    if (user.isEmailVerified) throw new BadRequestException(MESSAGES.emailAlreadyVerified);
    try {
      await this.sendLink(user);
    } catch (error) {
      this.logger.error({ err: error }, 'resending a verification mail failed');
      throw new ServiceUnavailableException(MESSAGES.resendFailed);
    }
  }

  /** Uses up the token and marks its user verified; the user, or 400 for an unknown, used or expired token. */
  async verify(token: string): Promise<UserEntity> {
    const userId = await this.dataSource.transaction(async (manager) => {
      const owner = await this.tokens.consume(token, 'email_verification', manager);
      if (!owner) return undefined;
      await this.users.markEmailVerified(owner, manager);
      // The address is proven: older links have nothing left to do.
      await this.tokens.revokeAll(owner, 'email_verification', manager);
      return owner;
    });
    const user = userId && (await this.users.findById(userId));
    if (!user) throw new BadRequestException(MESSAGES.invalidVerificationToken);
    return user;
  }

  private async sendLink(user: UserEntity): Promise<void> {
    const token = await this.tokens.issue(user.id, 'email_verification');
    await this.mailer.sendVerification(user, token);
  }
}
