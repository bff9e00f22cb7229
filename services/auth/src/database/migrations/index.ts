import { CreateUsers1763800000000 } from './1763800000000-create-users';

/** In order of application. */
export const authMigrations = [CreateUsers1763800000000];
