import { Module } from '@nestjs/common';
import { RemindersController } from './reminders.controller';

/** /api/settings/reminders and /api/reminders/unsubscribe (uses the global BusClient and access-token guard). */
@Module({ controllers: [RemindersController] })
export class RemindersGatewayModule {}
