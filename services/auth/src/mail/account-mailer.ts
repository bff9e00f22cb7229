import path from 'node:path';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { MailerService } from '@nestjs-modules/mailer';
import { LOGGER, SERVICE_ENV, type Logger } from '@pid/platform';
import type { AuthEnv } from '../env';
import { passwordResetMail, verificationMail, type ComposedMail } from './account-mails';
import type { MailboxSentMessageInfo } from './mailbox.transport';

interface Recipient {
  username: string;
  email: string;
}

/** Sends the account mails, with links to the web app's routes (spec §2). */
@Injectable()
export class AccountMailer implements OnModuleInit {
  constructor(
    @Inject(MailerService) private readonly mailer: MailerService,
    @Inject(SERVICE_ENV) private readonly env: AuthEnv,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit() {
    if (this.env.SMTP_URL) return;
    const level = this.env.NODE_ENV === 'production' ? 'warn' : 'info';
    this.logger[level]({ dir: path.resolve(this.env.MAILBOX_DIR) }, 'SMTP_URL is not set: mail is written to the local mailbox folder');
  }

  async sendVerification(to: Recipient, token: string): Promise<void> {
    const link = this.link('/verify-email', token);
    await this.send(to, verificationMail(to.username, link, this.env.EMAIL_VERIFICATION_TTL_SECONDS), link);
  }

  async sendPasswordReset(to: Recipient, token: string): Promise<void> {
    const link = this.link('/reset-password', token);
    await this.send(to, passwordResetMail(to.username, link, this.env.PASSWORD_RESET_TTL_SECONDS), link);
  }

  private link(route: string, token: string): string {
    const url = new URL(`${this.env.PUBLIC_URL}${route}`);
    url.searchParams.set('token', token);
    return url.toString();
  }

  private async send(to: Recipient, mail: ComposedMail, link: string): Promise<void> {
    const info = (await this.mailer.sendMail({
      from: this.env.MAIL_FROM,
      to: { name: to.username, address: to.email },
      ...mail,
    })) as Partial<MailboxSentMessageInfo>;
    // Only the local mailbox logs the link, so that a newcomer can follow it; over SMTP links are secrets.
    if (info.path) this.logger.info({ to: to.email, subject: mail.subject, link, file: info.path }, 'mail written to the local mailbox');
  }
}
