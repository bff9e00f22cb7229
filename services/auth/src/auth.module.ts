import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountsController } from './accounts/accounts.controller';
import { AccountsService } from './accounts/accounts.service';
import { BackgroundTasks } from './background/background-tasks';
import { EmailVerificationController } from './email-verification/email-verification.controller';
import { EmailVerificationService } from './email-verification/email-verification.service';
import { MailModule } from './mail/mail.module';
import { PasswordHasher } from './passwords/password-hasher';
import { PasswordResetController } from './password-reset/password-reset.controller';
import { PasswordResetService } from './password-reset/password-reset.service';
import { RateLimitGuard, RateLimits } from './rate-limit/rate-limit.guard';
import { TrustProxySetting } from './rate-limit/trust-proxy.setting';
import { SubscriptionLookupClient } from './subscriptions/subscription-lookup.client';
import { AuthTokensService } from './tokens/auth-tokens.service';
import { ProfileController } from './users/profile.controller';
import { ProfileService } from './users/profile.service';
import { SessionRevocation } from './users/session-revocation';
import { UserLookupResponder } from './users/user-lookup.responder';
import { UserEntity } from './users/user.entity';
import { UsersService } from './users/users.service';

/** Accounts, login tokens, e-mail verification, password reset and profile. */
@Module({
  imports: [MailModule, TypeOrmModule.forFeature([UserEntity])],
  controllers: [AccountsController, EmailVerificationController, PasswordResetController, ProfileController, UserLookupResponder],
  providers: [
    AccountsService,
    AuthTokensService,
    BackgroundTasks,
    EmailVerificationService,
    PasswordHasher,
    PasswordResetService,
    ProfileService,
    RateLimitGuard,
    RateLimits,
    SessionRevocation,
    SubscriptionLookupClient,
    TrustProxySetting,
    UsersService,
  ],
})
export class AuthModule {}
