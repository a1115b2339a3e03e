import type { OnApplicationShutdown } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { MailSender, type OutgoingMail } from './mail.sender';

/**
 * Sends through the SMTP server of SMTP_URL (nodemailer). It is the operator's own server, so it is not put through
 * the outbound check meant for addresses users type.
 */
export class SmtpMailSender extends MailSender implements OnApplicationShutdown {
  readonly viaSmtp = true;
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    super();
    this.transport = createTransport(smtpUrl);
  }

  async send({ unsubscribe, ...mail }: OutgoingMail): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      ...mail,
      ...(unsubscribe && {
        list: { unsubscribe: { url: unsubscribe.url, comment: unsubscribe.comment } },
        headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      }),
    });
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }
}
