import { tmpdir } from 'node:os';
import path from 'node:path';
import { IsNotEmpty, IsOptional, IsString, Matches } from 'class-validator';
import { DatabaseServerConfig } from './server.config';

/**
 * A server process that sends e-mail (the auth service's links, the notify service's reminders): both read the same
 * three variables, so one SMTP server, one sender and one outbox folder serve the whole instance.
 */
export class MailConfig extends DatabaseServerConfig {
  /** smtp(s)://user:pass@host:port; unset: e-mails are written to MAIL_OUTBOX_DIR instead of sent. */
  @IsOptional()
  @Matches(/^smtps?:\/\/\S+$/, { message: 'SMTP_URL must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string;

  @IsString()
  @IsNotEmpty()
  MAIL_FROM: string = 'Memories <no-reply@memories.local>';

  /**
   * Without SMTP_URL, the folder each e-mail is written to as a text file (`npm start`: DATA_DIR/mail-outbox). The
   * default lies in the temporary folder, writable in a read-only container.
   */
  @IsString()
  @IsNotEmpty()
  MAIL_OUTBOX_DIR: string = path.join(tmpdir(), 'memories-mail-outbox');
}
