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
