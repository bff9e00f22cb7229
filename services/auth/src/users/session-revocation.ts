import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LOGGER, TokenVersions, type Logger } from '@pid/platform';
import { MoreThan, type EntityManager, type Repository } from 'typeorm';
import { UserEntity } from './user.entity';

/**
 * Ends a user's sessions on a password reset or an e-mail change: raises the user's token version in
 * the database (inside the caller's transaction), then, once committed, in the token-version bucket
 * that every service's JWT strategy watches.
 */
@Injectable()
export class SessionRevocation implements OnApplicationBootstrap {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @Inject(TokenVersions) private readonly versions: TokenVersions,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Raises the stored version; returns the new one for `publish` after the transaction commits. */
  async raise(userId: string, manager: EntityManager): Promise<number> {
    const users = manager.getRepository(UserEntity);
    await users.increment({ id: userId }, 'tokenVersion', 1);
    return (await users.findOneByOrFail({ id: userId })).tokenVersion;
  }

  /** This process refuses the old tokens at once; a failed put is logged, and redone at the next start. */
  async publish(userId: string, version: number): Promise<void> {
    await this.versions
      .raise(userId, version)
      .catch((error) => this.logger.error({ err: error, userId }, 'publishing a token version failed'));
  }

  /** Puts every raised version the bucket lacks (a publish lost to a crash) back at start. */
  async onApplicationBootstrap(): Promise<void> {
    const raised = await this.users.find({ select: { id: true, tokenVersion: true }, where: { tokenVersion: MoreThan(0) } });
    const missing = raised.filter((user) => this.versions.current(user.id) < user.tokenVersion);
    for (const user of missing) await this.versions.raise(user.id, user.tokenVersion);
    if (missing.length > 0) this.logger.warn({ users: missing.length }, 'token versions restored to the bucket');
  }
}
