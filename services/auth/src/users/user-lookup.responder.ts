import { SUBJECTS, type UserLookupReply, type UserLookupRequest } from '@pid/contracts';
import { decodeJson, encodeJson, type ServiceContext } from '@pid/platform';
import type { Msg } from 'nats';
import type { AuthEnv } from '../env';
import { toUserSummary } from './public-user';
import { isUserId } from './user-id';
import { UserEntity } from './user.entity';

/** Replicas share the subject in one queue group, so each request is answered once. */
const QUEUE_GROUP = 'auth';

function requestedUserId(msg: Msg): string | undefined {
  try {
    const { userId } = decodeJson<Partial<UserLookupRequest>>(msg.data);
    return isUserId(userId) ? userId : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Answers other services' user look-ups (`UserLookupRequest` → `UserLookupReply`, user null when unknown).
 * Returns the teardown: stop listening and let the answers in progress finish.
 */
export function answerUserLookups(context: ServiceContext<AuthEnv>): () => Promise<void> {
  const users = context.dataSource.getRepository(UserEntity);
  const inFlight = new Set<Promise<void>>();

  const answer = async (msg: Msg) => {
    const userId = requestedUserId(msg);
    const user = userId ? await users.findOneBy({ id: userId }) : null;
    const reply: UserLookupReply = { user: user ? toUserSummary(user) : null };
    msg.respond(encodeJson(reply));
  };

  const subscription = context.nats.subscribe(SUBJECTS.userLookup, {
    queue: QUEUE_GROUP,
    callback: (error, msg) => {
      if (error) return void context.logger.warn({ err: error }, 'user look-up subscription failed');
      const work: Promise<void> = answer(msg)
        .catch((failure) => void context.logger.error({ err: failure }, 'answering a user look-up failed'))
        .finally(() => inFlight.delete(work));
      inFlight.add(work);
    },
  });

  return async () => {
    if (!subscription.isClosed()) subscription.unsubscribe();
    await Promise.allSettled(inFlight);
  };
}
