import type { SubjectPattern } from '../bus/subjects';
import type {
  PushDevice,
  PushSubscriptionInput,
  ReminderContext,
  ReminderContextQuery,
  ReminderSettings,
  ReminderSettingsView,
  ReminderUnsubscribePayload,
} from './reminder-settings';

/** Request/reply subjects of reminders: the notify service's settings and devices, the memory service's context. */
export const REMINDER_SUBJECTS = {
  get: 'notify.reminders.get',
  update: 'notify.reminders.update',
  addDevice: 'notify.push-devices.add',
  removeDevice: 'notify.push-devices.remove',
  /** Public: the e-mail's one-click unsubscribe link (RFC 8058), no sign-in. */
  unsubscribe: 'notify.reminders.unsubscribe',
  /** The notify service asks, for the envelope's user: did they write that day, how many memories on this day. */
  context: 'memory.reminders.context',
} as const satisfies Record<string, SubjectPattern>;

/** Payload and result of every reminder subject (merged into `BusRequestMap`). */
export interface ReminderBusRequestMap {
  [REMINDER_SUBJECTS.get]: { payload: Record<string, never>; result: ReminderSettingsView };
  [REMINDER_SUBJECTS.update]: { payload: ReminderSettings; result: ReminderSettingsView };
  [REMINDER_SUBJECTS.addDevice]: { payload: PushSubscriptionInput; result: PushDevice };
  [REMINDER_SUBJECTS.removeDevice]: { payload: { id: string }; result: { removed: true } };
  [REMINDER_SUBJECTS.unsubscribe]: { payload: ReminderUnsubscribePayload; result: { unsubscribed: true } };
  [REMINDER_SUBJECTS.context]: { payload: ReminderContextQuery; result: ReminderContext };
}
