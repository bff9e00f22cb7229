import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import type { ProfileUpdateRequest } from '@pid/contracts';
import { DataSource } from 'typeorm';
import { EmailVerificationService } from '../email-verification/email-verification.service';
import { MESSAGES } from '../messages';
import { AuthTokensService } from '../tokens/auth-tokens.service';
import { normalizeEmail } from '../validation/account-fields';
import type { UserEntity } from './user.entity';
import { SessionRevocation } from './session-revocation';
import { isDuplicateEmail, UsersService } from './users.service';

/** Changes a user's own username and e-mail address. */
@Injectable()
export class ProfileService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(UsersService) private readonly users: UsersService,
    @Inject(AuthTokensService) private readonly tokens: AuthTokensService,
    @Inject(EmailVerificationService) private readonly verification: EmailVerificationService,
    @Inject(SessionRevocation) private readonly sessions: SessionRevocation,
  ) {}

  /**
   * A new address (not just new capitals) must be proven again: the account becomes unverified, links
   * mailed to the old address stop working, and a fresh one goes to the new address. Login tokens
   * issued before the change stop working too: the user logs in again with the new address.
   */
  async update(userId: string, changes: ProfileUpdateRequest): Promise<UserEntity> {
    const user = await this.users.findAuthenticated(userId);
    if (changes.username !== undefined) user.username = changes.username;
    let addressChanged = false;
    if (changes.email !== undefined) {
      const normalized = normalizeEmail(changes.email);
      addressChanged = normalized !== user.emailNormalized;
      if (addressChanged && (await this.users.findByEmail(normalized))) throw new BadRequestException(MESSAGES.emailInUse);
      Object.assign(user, { email: changes.email, emailNormalized: normalized });
      if (addressChanged) user.isEmailVerified = false;
    }
    try {
      const version = await this.dataSource.transaction(async (manager) => {
        await this.users.save(user, manager);
        if (!addressChanged) return undefined;
        await this.tokens.revokeAll(user.id, 'email_verification', manager);
        return this.sessions.raise(user.id, manager);
      });
      if (version !== undefined) await this.sessions.publish(user.id, version);
    } catch (error) {
      if (isDuplicateEmail(error)) throw new BadRequestException(MESSAGES.emailInUse);
      throw error;
    }
    if (addressChanged) this.verification.sendLinkLater(user);
    return user;
  }
}
