/** An address alone, or with the name a mail client shows. */
export type MailRecipient = string | { name: string; address: string };

export interface OutgoingMail {
  to: MailRecipient;
  subject: string;
  text: string;
  html?: string;
  /** One-click unsubscribe (RFC 8058): `List-Unsubscribe` with this URL and `List-Unsubscribe-Post`. */
  unsubscribe?: { url: string; comment: string };
}

/**
 * Where a service's e-mails go: the SMTP server of SMTP_URL when it is set, otherwise the mail outbox folder
 * (createMailSender). Also the provider token services inject.
 */
export abstract class MailSender {
  /** Whether mail really leaves (SMTP_URL is set), rather than being kept in the outbox folder. */
  abstract readonly viaSmtp: boolean;

  /** Rejects with the SMTP server's error (its `responseCode` says whether a retry may pass). */
  abstract send(mail: OutgoingMail): Promise<void>;
}

export const addressOf = (recipient: MailRecipient): string =>
  typeof recipient === 'string' ? recipient : recipient.address;
