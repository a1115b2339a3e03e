import { createTransport, type Transporter } from 'nodemailer';
import { type MailMessage, MailPort } from './mail.port';

/** Sends through the SMTP server of SMTP_URL. */
export class SmtpMailSender extends MailPort {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    super();
    this.transport = createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...message });
  }
}
