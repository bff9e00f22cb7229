import path from 'node:path';
import { Module } from '@nestjs/common';
import { MailerModule, type MailerOptions } from '@nestjs-modules/mailer';
import { SERVICE_ENV } from '@pid/platform';
import type { AuthEnv } from '../env';
import { AccountMailer } from './account-mailer';
import { MailboxTransport } from './mailbox.transport';

/** A mail server that accepts the connection and then hangs must not hold a request for minutes. */
const SEND_TIMEOUT_MS = 30_000;

/** One mailer, two transports: SMTP when SMTP_URL is set, otherwise .eml files in MAILBOX_DIR. */
function mailerOptions(env: AuthEnv): MailerOptions {
  return { transport: env.SMTP_URL ?? new MailboxTransport(path.resolve(env.MAILBOX_DIR)), sendTimeout: SEND_TIMEOUT_MS };
}

@Module({
  imports: [MailerModule.forRootAsync({ inject: [SERVICE_ENV], useFactory: mailerOptions })],
  providers: [AccountMailer],
  exports: [AccountMailer],
})
export class MailModule {}
