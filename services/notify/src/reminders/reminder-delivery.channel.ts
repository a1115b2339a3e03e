import { Logger } from '@nestjs/common';
import type { ReminderChannel } from '@memories/contracts';
import type { NotifyConfig } from '../config/notify.config';
import type { DeliveryChannel, DeliveryOutcome } from '../delivery/delivery-channel';
import type { ComposedReminder, ReminderComposer } from './reminder-composer';
import type { ReminderDeliveriesRepository, ReminderDeliveryRecord } from './reminder-deliveries.repository';
import { STALE_AFTER_MS } from './reminders.repository';

/** What one channel's send did: reached the person, may succeed later, or never will. */
export type ReminderSendResult = { status: 'sent' } | { status: 'retry' | 'failed'; error: string };

/** Attempts of one reminder on one channel before it is given up. */
export const MAX_REMINDER_ATTEMPTS = 4;

/**
 * What every reminder channel does around its own send: count the attempt, drop a reminder that is too late, ask
 * about the person's day and skip it when they already wrote, retry a failure a few times (doubling waits), and
 * record the outcome. The subclass only sends.
 */
export abstract class ReminderDeliveryChannel implements DeliveryChannel {
  abstract readonly queue: string;
  abstract readonly channel: ReminderChannel;
  readonly concurrency = 2;
  protected readonly logger = new Logger(this.constructor.name);

  constructor(
    protected readonly config: NotifyConfig,
    protected readonly deliveries: ReminderDeliveriesRepository,
    protected readonly composer: ReminderComposer,
  ) {}

  protected abstract send(delivery: ReminderDeliveryRecord, reminder: ComposedReminder): Promise<ReminderSendResult>;

  async attempt(id: string): Promise<DeliveryOutcome> {
    const delivery = await this.deliveries.begin(id, this.channel);
    if (!delivery) return {};
    if (Date.now() - new Date(delivery.dueAt).getTime() > STALE_AFTER_MS) {
      await this.deliveries.settle(id, 'failed', 'Not sent: more than two hours late.');
      return {};
    }
    let result: ReminderSendResult;
    try {
      const context = await this.composer.contextOf(delivery);
      if (context.wroteToday) {
        await this.deliveries.settle(id, 'skipped');
        return {};
      }
      result = await this.send(delivery, this.composer.compose(delivery, context));
    } catch (error) {
      result = { status: 'retry', error: error instanceof Error ? error.message : String(error) };
    }
    if (result.status === 'sent') {
      await this.deliveries.settle(id, 'sent');
      return {};
    }
    if (result.status === 'failed' || delivery.attempts >= MAX_REMINDER_ATTEMPTS) {
      this.logger.warn(`${this.channel} reminder ${id} of ${delivery.ownerId} not sent: ${result.error}`);
      await this.deliveries.settle(id, 'failed', result.error);
      return {};
    }
    const retryAt = new Date(
      Date.now() + this.config.REMINDER_RETRY_BASE_SECONDS * 1000 * 2 ** (delivery.attempts - 1),
    );
    await this.deliveries.retryAt(id, result.error, retryAt);
    return { retryAt };
  }

  reclaimLost(limit: number): Promise<string[]> {
    return this.deliveries.reclaimLost(this.channel, limit);
  }
}
