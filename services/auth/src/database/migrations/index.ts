import { CreateUsers1763800000000 } from './1763800000000-create-users';
import { CreateAuthTokens1763900000000 } from './1763900000000-create-auth-tokens';
import { AddTokenVersion1764900000000 } from './1764900000000-add-token-version';

/** In order of application. */
export const authMigrations = [CreateUsers1763800000000, CreateAuthTokens1763900000000, AddTokenVersion1764900000000];
