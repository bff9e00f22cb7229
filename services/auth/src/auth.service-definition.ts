import type { ServiceDefinition } from '@pid/platform';
import { AuthModule } from './auth.module';
import { authMigrations } from './database/migrations';
import { authEnvSchema, type AuthEnv } from './env';
import { AuthTokenEntity } from './tokens/auth-token.entity';
import { UserEntity } from './users/user.entity';

export const authServiceDefinition: ServiceDefinition<AuthEnv> = {
  name: 'auth',
  description: 'Accounts, login tokens, e-mail verification and password reset.',
  envSchema: authEnvSchema,
  database: { schema: 'auth', entities: [UserEntity, AuthTokenEntity], migrations: authMigrations },
  modules: [AuthModule],
};
