import type { ReminderChannelProblem } from './reminder-settings';

/** Error codes of the reminders API (their suffixes give their HTTP status in the gateway's one mapping). */
export const REMINDER_ERROR_CODES = {
  /** 400: a push endpoint that is, or resolves to, an address the instance never calls. */
  PUSH_ENDPOINT_REFUSED: 'PUSH_ENDPOINT_REFUSED',
  PUSH_DEVICE_NOT_FOUND: 'PUSH_DEVICE_NOT_FOUND',
  /** 404: an unsubscribe link that is unknown (or was never one). */
  REMINDER_UNSUBSCRIBE_NOT_FOUND: 'REMINDER_UNSUBSCRIBE_NOT_FOUND',
} as const;

export type ReminderErrorCode = (typeof REMINDER_ERROR_CODES)[keyof typeof REMINDER_ERROR_CODES];

/** What the reminders endpoints answer and the settings page shows, as they are. */
export const REMINDER_MESSAGES = {
  saved: 'Reminder settings saved.',
  deviceAdded: 'This device will receive reminders.',
  deviceRemoved: 'This device no longer receives reminders.',
  unsubscribed: 'You will no longer receive reminder e-mails. You can turn them on again in Settings → Reminders.',
  unsubscribeNotFound: 'This unsubscribe link is not valid. Turn reminder e-mails off in Settings → Reminders.',
  deviceNotFound: 'This device is not registered for reminders.',
  endpointRefused: 'This push service address is not allowed.',
  // The API's 400s: each names its field, as the body spells it.
  enabledInvalid: 'enabled must be true or false.',
  timeInvalid: 'time must be HH:mm (24-hour), for example 20:00.',
  timeZoneInvalid: 'timeZone must be an IANA time zone such as Europe/Paris.',
  daysInvalid: 'days must list ISO weekdays from 1 (Monday) to 7 (Sunday), at least one, each once.',
  channelsInvalid: 'channels must list "push" and "email" only, each once.',
  endpointInvalid: 'endpoint must be the https:// address of a push service.',
  keysInvalid: 'keys must hold the subscription’s p256dh and auth keys as base64url.',
} as const;

/** What the settings page says of a channel that cannot deliver yet, and what would fix it. */
export const REMINDER_CHANNEL_PROBLEM_MESSAGES: Record<ReminderChannelProblem, string> = {
  'email-not-configured':
    'E-mail reminders are kept but cannot be sent yet: this server has no e-mail set up. Whoever runs it can set ' +
    'SMTP_URL (and MAIL_FROM).',
  'push-not-configured':
    'Notifications are kept but cannot be sent yet: this server has no Web Push keys. Whoever runs it can set ' +
    'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (npm start makes them by itself).',
  'no-push-device':
    'No device receives notifications yet: turn them on for this device below (and on your phone from its browser ' +
    'or the installed app).',
};
