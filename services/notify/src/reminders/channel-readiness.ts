import { Injectable } from '@nestjs/common';
import type { ReminderChannel, ReminderChannelProblem, ReminderChannelStatus } from '@memories/contracts';
import { REMINDER_CHANNELS } from '@memories/contracts';
import { EmailChannel } from '../mail/email.channel';
import { PushChannel } from '../push/push.channel';
import { PushDevicesRepository } from '../push/push-devices.repository';

/**
 * Whether each channel could reach a person now, and if not why: the one answer the schedule (which records only
 * deliveries that can happen) and the settings page (which says what would fix it) both use.
 */
@Injectable()
export class ChannelReadiness {
  constructor(
    private readonly email: EmailChannel,
    private readonly push: PushChannel,
    private readonly devices: PushDevicesRepository,
  ) {}

  async problemOf(ownerId: string, channel: ReminderChannel): Promise<ReminderChannelProblem | null> {
    if (channel === 'email') return this.email.configured ? null : 'email-not-configured';
    if (!this.push.configured) return 'push-not-configured';
    return (await this.devices.countOwned(ownerId)) > 0 ? null : 'no-push-device';
  }

  /**
   * Whether the schedule records a delivery on this channel: e-mail always can (without SMTP_URL it goes to the mail
   * outbox folder, where the owner of an `npm start` instance reads it), even though the page says it is not set up.
   */
  async canDeliver(ownerId: string, channel: ReminderChannel): Promise<boolean> {
    return channel === 'email' || (await this.problemOf(ownerId, channel)) === null;
  }

  async statusOf(ownerId: string): Promise<ReminderChannelStatus[]> {
    return Promise.all(
      REMINDER_CHANNELS.map(async (channel) => {
        const problem = await this.problemOf(ownerId, channel);
        return { channel, ready: problem === null, problem };
      }),
    );
  }

  queueOf(channel: ReminderChannel): string {
    return channel === 'email' ? this.email.queue : this.push.queue;
  }
}
