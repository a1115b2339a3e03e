import { MessagePattern, Payload } from '@nestjs/microservices';
import { REMINDER_SUBJECTS, type PushDevice, type ReminderSettingsView } from '@memories/contracts';
import { BusHandler } from '@memories/nest-common';
import {
  PushDeviceIdEnvelopeDto,
  PushSubscriptionEnvelopeDto,
  ReminderOwnerEnvelopeDto,
  ReminderSettingsEnvelopeDto,
  ReminderUnsubscribeEnvelopeDto,
} from './reminder-envelope.dto';
import { RemindersService } from './reminders.service';

/** The reminders API on the bus: one line each. */
@BusHandler()
export class RemindersHandler {
  constructor(private readonly reminders: RemindersService) {}

  @MessagePattern(REMINDER_SUBJECTS.get)
  get(@Payload() { payload: _none, ...context }: ReminderOwnerEnvelopeDto): Promise<ReminderSettingsView> {
    return this.reminders.get(context);
  }

  @MessagePattern(REMINDER_SUBJECTS.update)
  update(@Payload() { payload, ...context }: ReminderSettingsEnvelopeDto): Promise<ReminderSettingsView> {
    return this.reminders.update(context, payload);
  }

  @MessagePattern(REMINDER_SUBJECTS.addDevice)
  addDevice(@Payload() { payload, ...context }: PushSubscriptionEnvelopeDto): Promise<PushDevice> {
    return this.reminders.addDevice(context, payload);
  }

  @MessagePattern(REMINDER_SUBJECTS.removeDevice)
  removeDevice(@Payload() { payload, ...context }: PushDeviceIdEnvelopeDto): Promise<{ removed: true }> {
    return this.reminders.removeDevice(context, payload.id);
  }

  @MessagePattern(REMINDER_SUBJECTS.unsubscribe)
  unsubscribe(@Payload() { payload }: ReminderUnsubscribeEnvelopeDto): Promise<{ unsubscribed: true }> {
    return this.reminders.unsubscribe(payload.token);
  }
}
