import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { DeliveryChannel, DeliveryOutcome } from '../delivery/delivery-channel';
import { ChannelReadiness } from './channel-readiness';
import { ReminderDeliveriesRepository } from './reminder-deliveries.repository';
import { RemindersRepository, STALE_AFTER_MS } from './reminders.repository';

export const REMINDER_CLOCK_QUEUE = 'reminder-due';

/**
 * The durable schedule of reminders, on the delivery queue (pg-boss): each person with reminders on has one job that
 * starts at their next due instant (`startAfter`). Its attempt claims the reminder in the database (moving the due
 * instant to the next one in the same transaction, so one replica and one duplicate job at most see it due),
 * records that day's delivery on each chosen channel that can deliver (the queue attempts them at once), and answers
 * the next due instant as its "retry": the next day's job. A job lost with its process is found by `reclaimLost` within minutes.
 */
@Injectable()
export class ReminderClock implements DeliveryChannel {
  readonly queue = REMINDER_CLOCK_QUEUE;
  readonly concurrency = 2;

  constructor(
    private readonly reminders: RemindersRepository,
    private readonly deliveries: ReminderDeliveriesRepository,
    private readonly readiness: ChannelReadiness,
  ) {}

  /** `ownerId`: the person whose reminder may be due. */
  async attempt(ownerId: string): Promise<DeliveryOutcome> {
    const claimed = await this.reminders.claimDue(ownerId, new Date());
    if (!claimed) return {};
    const { reminder, occasion, next } = claimed;
    const followUps: DeliveryOutcome['followUps'] = [];
    if (Date.now() - occasion.dueAt.getTime() <= STALE_AFTER_MS) {
      for (const channel of reminder.channels) {
        if (!(await this.readiness.canDeliver(ownerId, channel))) continue;
        const id = randomUUID();
        if (await this.deliveries.record(id, ownerId, channel, occasion)) {
          followUps.push({ queue: this.readiness.queueOf(channel), id });
        }
      }
    }
    return { followUps, retryAt: next?.dueAt };
  }

  /** Reminders long past due and never claimed; the sweep also forgets deliveries older than a month. */
  async reclaimLost(limit: number): Promise<string[]> {
    await this.deliveries.pruneOld();
    return this.reminders.lostDue(limit);
  }
}
