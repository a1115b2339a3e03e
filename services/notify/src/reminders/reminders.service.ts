import { randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  DEFAULT_REMINDER_SETTINGS,
  MAX_PUSH_DEVICES_PER_USER,
  REMINDER_ERROR_CODES,
  REMINDER_MESSAGES,
  type MessageContext,
  type PushDevice,
  type PushSubscriptionInput,
  type ReminderSettings,
  type ReminderSettingsView,
} from '@memories/contracts';
import { DomainError } from '@memories/nest-common';
import { requireOwner } from '../accounts/require-owner';
import { NotifyConfig } from '../config/notify.config';
import { DeliveryQueue } from '../delivery/delivery-queue';
import { OutboundAddressRefused, resolveOutboundTarget } from '../outbound/outbound-address';
import { PushDevicesRepository } from '../push/push-devices.repository';
import { ChannelReadiness } from './channel-readiness';
import { REMINDER_CLOCK_QUEUE } from './reminder-clock';
import { nextReminder } from './reminder-schedule';
import { RemindersRepository, type ReminderRecord } from './reminders.repository';

const settingsOf = (record: ReminderRecord | undefined): ReminderSettings =>
  record
    ? {
        enabled: record.enabled,
        time: record.time,
        timeZone: record.timeZone,
        days: record.days,
        channels: record.channels,
      }
    : DEFAULT_REMINDER_SETTINGS;

/** A person's reminder settings and devices, and the e-mails' one-click unsubscribe. */
@Injectable()
export class RemindersService {
  constructor(
    private readonly config: NotifyConfig,
    private readonly reminders: RemindersRepository,
    private readonly devices: PushDevicesRepository,
    private readonly readiness: ChannelReadiness,
    private readonly queue: DeliveryQueue,
  ) {}

  async get(context: MessageContext): Promise<ReminderSettingsView> {
    const ownerId = requireOwner(context);
    return this.viewOf(ownerId, await this.reminders.findOwned(ownerId));
  }

  /**
   * Saves the settings as given, also with channels that cannot deliver yet (the view says why), and schedules the
   * next reminder. Days and channels are kept in order, each once.
   */
  async update(context: MessageContext, settings: ReminderSettings): Promise<ReminderSettingsView> {
    const ownerId = requireOwner(context);
    const normalised: ReminderSettings = {
      enabled: settings.enabled,
      time: settings.time,
      timeZone: settings.timeZone,
      days: [...new Set(settings.days)].sort((a, b) => a - b),
      channels: [...new Set(settings.channels)],
    };
    const next = normalised.enabled ? nextReminder(normalised, new Date()) : null;
    const record = await this.reminders.save(ownerId, normalised, next?.dueAt ?? null, newUnsubscribeToken());
    if (next) await this.queue.enqueue(REMINDER_CLOCK_QUEUE, ownerId, next.dueAt);
    return this.viewOf(ownerId, record);
  }

  async addDevice(context: MessageContext, subscription: PushSubscriptionInput): Promise<PushDevice> {
    const ownerId = requireOwner(context);
    try {
      await resolveOutboundTarget(subscription.endpoint, this.config.PUSH_ALLOWED_HOSTS);
    } catch (error) {
      if (!(error instanceof OutboundAddressRefused)) throw error;
      throw new DomainError(REMINDER_ERROR_CODES.PUSH_ENDPOINT_REFUSED, REMINDER_MESSAGES.endpointRefused);
    }
    const device = await this.devices.register(
      { id: randomUUID(), ownerId, endpoint: subscription.endpoint, ...subscription.keys },
      MAX_PUSH_DEVICES_PER_USER,
    );
    return { id: device.id, createdAt: new Date(device.createdAt).toISOString() };
  }

  async removeDevice(context: MessageContext, id: string): Promise<{ removed: true }> {
    if (!(await this.devices.remove(requireOwner(context), id))) {
      throw new DomainError(REMINDER_ERROR_CODES.PUSH_DEVICE_NOT_FOUND, REMINDER_MESSAGES.deviceNotFound, { id });
    }
    return { removed: true };
  }

  /** RFC 8058 one-click: the token alone turns reminder e-mails off (push and the schedule stay as they are). */
  async unsubscribe(token: string): Promise<{ unsubscribed: true }> {
    if (!(await this.reminders.dropEmailByToken(token))) {
      throw new DomainError(REMINDER_ERROR_CODES.REMINDER_UNSUBSCRIBE_NOT_FOUND, REMINDER_MESSAGES.unsubscribeNotFound);
    }
    return { unsubscribed: true };
  }

  private async viewOf(ownerId: string, record: ReminderRecord | undefined): Promise<ReminderSettingsView> {
    const pushConfigured = Boolean(this.config.VAPID_PUBLIC_KEY && this.config.VAPID_PRIVATE_KEY);
    return {
      ...settingsOf(record),
      channelStatus: await this.readiness.statusOf(ownerId),
      pushPublicKey: pushConfigured ? (this.config.VAPID_PUBLIC_KEY ?? null) : null,
      pushDevices: await this.devices.countOwned(ownerId),
      nextReminderAt: record?.nextDueAt ? new Date(record.nextDueAt).toISOString() : null,
    };
  }
}

/** 256 random bits: the e-mails' unsubscribe link can be neither guessed nor derived from anything else. */
function newUnsubscribeToken(): string {
  return randomBytes(32).toString('base64url');
}
