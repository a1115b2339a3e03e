export { PushSubscriptionBodyDto, ReminderSettingsBodyDto, ReminderUnsubscribeQueryDto } from './reminder-request.dto';
