/**
 * Reminders to write (issue 38): the person's chosen hour, days and time zone, and how they are reached. The notify
 * service owns them, keeps the schedule and delivers them (Web Push and e-mail).
 */
export const REMINDER_CHANNELS = ['push', 'email'] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];

/** ISO weekdays: 1 is Monday, 7 is Sunday. */
export const ISO_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type IsoWeekday = (typeof ISO_WEEKDAYS)[number];

/** `HH:mm`, 24-hour, e.g. `07:30` or `20:00`. */
export const REMINDER_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
/** The longest IANA time zone name accepted (the longest real one is about 30 characters). */
export const MAX_TIME_ZONE_LENGTH = 64;

/** The body of `PUT /api/settings/reminders`, exactly as the API takes it. */
export interface ReminderSettings {
  enabled: boolean;
  time: string;
  /** An IANA time zone, e.g. `Europe/Paris`; the page prefills the browser's. */
  timeZone: string;
  days: IsoWeekday[];
  channels: ReminderChannel[];
}

/** What a person has before they ever saved reminders: off, 8 pm every day, by push. */
export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = {
  enabled: false,
  time: '20:00',
  timeZone: 'UTC',
  days: [1, 2, 3, 4, 5, 6, 7],
  channels: ['push'],
};

/**
 * Why a chosen channel cannot deliver yet: no SMTP server configured, no Web Push keys configured, no device that
 * turned notifications on.
 */
export const REMINDER_CHANNEL_PROBLEMS = ['email-not-configured', 'push-not-configured', 'no-push-device'] as const;
export type ReminderChannelProblem = (typeof REMINDER_CHANNEL_PROBLEMS)[number];

export interface ReminderChannelStatus {
  channel: ReminderChannel;
  /** Whether a reminder sent now could reach the person this way. */
  ready: boolean;
  /** Why not, while it cannot; null once it can. */
  problem: ReminderChannelProblem | null;
}

/** `GET /api/settings/reminders`: the settings, and what the page needs to say about them. */
export interface ReminderSettingsView extends ReminderSettings {
  /** Every channel, chosen or not, with whether it can deliver now. */
  channelStatus: ReminderChannelStatus[];
  /** The instance's VAPID public key (base64url) for `PushManager.subscribe`; null when Web Push is not configured. */
  pushPublicKey: string | null;
  /** How many of the person's devices receive push notifications. */
  pushDevices: number;
  /** When the next reminder is due (ISO), while reminders are on. */
  nextReminderAt: string | null;
}

/** A browser's push subscription (`PushSubscription.toJSON()`), sent by `POST /api/settings/reminders/devices`. */
export interface PushSubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushDevice {
  id: string;
  createdAt: string;
}

export const MAX_PUSH_ENDPOINT_LENGTH = 2048;
/** Devices one person may register; registering another removes the oldest. */
export const MAX_PUSH_DEVICES_PER_USER = 20;

/** What a reminder's push message carries (the service worker shows it and opens `url` when it is tapped). */
export interface ReminderPushMessage {
  type: 'reminder';
  title: string;
  body: string;
  /** The editor, with the day's prompt: `/memory/create?prompt=…`. */
  url: string;
  /** The local day the reminder is for, `yyyy-MM-dd` (one notification per day replaces an older one). */
  date: string;
}

/** What a reminder needs from the memory service for the person's day. */
export interface ReminderContextQuery {
  /** The person's local day, `yyyy-MM-dd`. */
  date: string;
  /** That day's bounds as instants (ISO), in the person's time zone. */
  dayStart: string;
  dayEnd: string;
}

export interface ReminderContext {
  /** Whether the person already wrote that day (a memory of that date, or one created or edited that day). */
  wroteToday: boolean;
  /** How many of their memories of earlier years share the day and month. */
  onThisDay: number;
  /** The day's prompt (the same one the dashboard shows that day). */
  prompt: { id: string; text: string };
}

/** `POST /api/reminders/unsubscribe`: the token of the e-mail's one-click link. */
export interface ReminderUnsubscribePayload {
  token: string;
}
