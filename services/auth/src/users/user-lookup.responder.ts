import { SUBJECTS, type UserLookupReply, type UserLookupRequest } from '@pid/contracts';
import { answerRequests, type ServiceContext, isUuid } from '@pid/platform';
import type { AuthEnv } from '../env';
import { toUserSummary } from './public-user';
import { UserEntity } from './user.entity';

/**
 * Answers other services' user look-ups (`UserLookupRequest` → `UserLookupReply`, user null when unknown).
 * Returns the teardown.
 */
export function answerUserLookups(context: ServiceContext<AuthEnv>): () => Promise<void> {
  const users = context.dataSource.getRepository(UserEntity);
  return answerRequests<UserLookupRequest, UserLookupReply>(context.nats, {
    subject: SUBJECTS.userLookup,
    queue: 'auth',
    logger: context.logger,
    handler: async ({ userId }) => {
      const user = isUuid(userId) ? await users.findOneBy({ id: userId }) : null;
      return { user: user ? toUserSummary(user) : null };
    },
  });
}
