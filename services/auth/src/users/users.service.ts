import { BadRequestException, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { User } from '@pid/contracts';
import { QueryFailedError, type EntityManager, type Repository } from 'typeorm';
import { MESSAGES } from '../messages';
import { SubscriptionLookupClient } from '../subscriptions/subscription-lookup.client';
import { normalizeEmail } from '../validation/account-fields';
import { toPublicUser } from './public-user';
import { UserEntity } from './user.entity';
import { isUuid } from '@pid/platform';

const UNIQUE_VIOLATION = '23505';

/** PostgreSQL refused a second account with the same normalised e-mail. */
export function isDuplicateEmail(error: unknown): boolean {
  return error instanceof QueryFailedError && (error.driverError as { code?: string }).code === UNIQUE_VIOLATION;
}

/** Reads and writes accounts. */
@Injectable()
export class UsersService {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @Inject(SubscriptionLookupClient) private readonly subscriptions: SubscriptionLookupClient,
  ) {}

  async findById(id: string): Promise<UserEntity | null> {
    return isUuid(id) ? this.users.findOneBy({ id }) : null;
  }

  async findByEmail(address: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ emailNormalized: normalizeEmail(address) });
  }

  /** The account a valid login token names; 401 when it is gone, so the web app signs out. */
  async findAuthenticated(id: string): Promise<UserEntity> {
    const user = await this.findById(id);
    if (!user) throw new UnauthorizedException(MESSAGES.userNotFound);
    return user;
  }

  async create(fields: { username: string; email: string; passwordHash: string }): Promise<UserEntity> {
    const user = this.users.create({ ...fields, emailNormalized: normalizeEmail(fields.email), isEmailVerified: false });
    try {
      return await this.users.save(user);
    } catch (error) {
      // Two registrations racing past the look-up meet here.
      if (isDuplicateEmail(error)) throw new BadRequestException(MESSAGES.userExists);
      throw error;
    }
  }

  async save(user: UserEntity, manager: EntityManager): Promise<UserEntity> {
    return manager.getRepository(UserEntity).save(user);
  }

  async markEmailVerified(userId: string, manager: EntityManager): Promise<void> {
    await manager.getRepository(UserEntity).update({ id: userId }, { isEmailVerified: true });
  }

  async setPasswordHash(userId: string, passwordHash: string, manager: EntityManager): Promise<void> {
    await manager.getRepository(UserEntity).update({ id: userId }, { passwordHash });
  }

  /** The account as the API answers it, with billing's view of the subscription. */
  async present(user: UserEntity): Promise<User> {
    return toPublicUser(user, await this.subscriptions.lookup(user.id));
  }
}
