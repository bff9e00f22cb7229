import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import { SUBJECTS, type UserLookupReply, type UserLookupRequest } from '@pid/contracts';
import { isUuid } from '@pid/platform';
import type { Repository } from 'typeorm';
import { toUserSummary } from './public-user';
import { UserEntity } from './user.entity';

/** Answers other services' user look-ups over NATS (`UserLookupRequest` → `UserLookupReply`, user null when unknown). */
@Controller()
export class UserLookupResponder {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  @MessagePattern(SUBJECTS.userLookup)
  async lookUp(@Payload() { userId }: Partial<UserLookupRequest>): Promise<UserLookupReply> {
    const user = isUuid(userId) ? await this.users.findOneBy({ id: userId }) : null;
    return { user: user ? toUserSummary(user) : null };
  }
}
