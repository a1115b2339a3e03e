import { CreateNotifySchema1734000000000 } from './migrations/1734000000000-create-notify-schema';
import { CreateWebhooks1734000000001 } from './migrations/1734000000001-create-webhooks';
import { CreateReminders1734000000002 } from './migrations/1734000000002-create-reminders';

/** Every migration of the notify schema, oldest first. */
export const NOTIFY_MIGRATIONS = [
  CreateNotifySchema1734000000000,
  CreateWebhooks1734000000001,
  CreateReminders1734000000002,
];
