import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MailMessage, SentMessageInfo, Transport } from 'nodemailer';

export interface MailboxSentMessageInfo extends SentMessageInfo {
  /** The .eml file the message was written to. */
  path: string;
}

/**
 * A nodemailer transport that files each message, as sent, in a folder as an .eml file: the stand-in for
 * SMTP on a machine without a mail server. Any mail client opens the files.
 */
export class MailboxTransport implements Transport<MailboxSentMessageInfo> {
  readonly name = 'mailbox';
  readonly version = '1.0.0';

  constructor(private readonly dir: string) {}

  send(mail: MailMessage<MailboxSentMessageInfo>, callback: (error: Error | null, info: MailboxSentMessageInfo) => void): void {
    this.write(mail).then(
      (info) => callback(null, info),
      (error: Error) => callback(error, undefined as never),
    );
  }

  private async write(mail: MailMessage<MailboxSentMessageInfo>): Promise<MailboxSentMessageInfo> {
    const raw = await mail.message.build();
    // Sortable by time; the UUID keeps messages of the same millisecond apart.
    const file = path.join(this.dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`);
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    // The links inside are as good as passwords: readable by the service's user only.
    await writeFile(file, raw, { mode: 0o600 });
    return { envelope: mail.message.getEnvelope(), messageId: mail.message.messageId(), path: file };
  }
}
