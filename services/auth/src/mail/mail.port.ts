export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Where the service's e-mails go: SMTP when SMTP_URL is set, otherwise the mail outbox folder (create-mail-port). */
export abstract class MailPort {
  abstract send(message: MailMessage): Promise<void>;
}
