import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  REMINDER_SUBJECTS,
  newMemoryWithPromptPath,
  type ReminderContext,
  type ReminderPushMessage,
} from '@memories/contracts';
import { BusClient } from '@memories/nest-common';
import { NotifyConfig } from '../config/notify.config';
import type { ReminderDeliveryRecord } from './reminder-deliveries.repository';

/** A reminder in words, the same on every channel. */
export interface ComposedReminder {
  title: string;
  prompt: string;
  /** "3 memories on this day", or null when there are none. */
  onThisDay: string | null;
  /** The editor with the day's prompt, as a full URL. */
  writeUrl: string;
  /** The same, as a path on the app's origin (what the service worker opens). */
  writePath: string;
  date: string;
}

export const REMINDER_TITLE = 'Time to write';

export function onThisDayText(count: number): string | null {
  if (count <= 0) return null;
  return count === 1 ? '1 memory on this day' : `${count} memories on this day`;
}

/**
 * Asks the memory service about the person's day (did they write, how many memories on this day, the day's prompt)
 * and turns the answer into the reminder's words. Nothing of what the person wrote goes into a reminder: a prompt
 * and a count only.
 */
@Injectable()
export class ReminderComposer {
  constructor(
    private readonly config: NotifyConfig,
    private readonly bus: BusClient,
  ) {}

  contextOf(delivery: ReminderDeliveryRecord): Promise<ReminderContext> {
    return this.bus.request(
      REMINDER_SUBJECTS.context,
      { date: delivery.localDate, dayStart: delivery.dayStart.toISOString(), dayEnd: delivery.dayEnd.toISOString() },
      { correlationId: `reminder-${randomUUID()}`, userId: delivery.ownerId },
    );
  }

  compose(delivery: ReminderDeliveryRecord, context: ReminderContext): ComposedReminder {
    const writePath = newMemoryWithPromptPath(context.prompt.text);
    return {
      title: REMINDER_TITLE,
      prompt: context.prompt.text,
      onThisDay: onThisDayText(context.onThisDay),
      writeUrl: new URL(writePath, this.config.PUBLIC_URL).href,
      writePath,
      date: delivery.localDate,
    };
  }

  pushMessageOf(reminder: ComposedReminder): ReminderPushMessage {
    return {
      type: 'reminder',
      title: reminder.title,
      body: [reminder.prompt, reminder.onThisDay].filter(Boolean).join('\n'),
      url: reminder.writePath,
      date: reminder.date,
    };
  }
}
