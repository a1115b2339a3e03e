import { ApiProperty } from '@nestjs/swagger';
import {
  ISO_WEEKDAYS,
  REMINDER_CHANNEL_PROBLEMS,
  REMINDER_CHANNELS,
  type IsoWeekday,
  type PushDevice,
  type ReminderChannel,
  type ReminderChannelProblem,
  type ReminderChannelStatus,
  type ReminderSettingsView,
} from '@memories/contracts';

// The `data` of the reminders answers, for the API document.

export class ReminderChannelStatusDto implements ReminderChannelStatus {
  @ApiProperty({ enum: REMINDER_CHANNELS }) channel!: ReminderChannel;
  @ApiProperty({ description: 'Whether a reminder sent now could reach the person this way' }) ready!: boolean;
  @ApiProperty({
    enum: [...REMINDER_CHANNEL_PROBLEMS, null],
    nullable: true,
    type: String,
    description: 'Why not: no SMTP configured, no Web Push keys configured, no device with notifications on',
  })
  problem!: ReminderChannelProblem | null;
}

export class ReminderSettingsViewDto implements ReminderSettingsView {
  @ApiProperty() enabled!: boolean;
  @ApiProperty({ example: '20:00' }) time!: string;
  @ApiProperty({ example: 'Europe/Paris' }) timeZone!: string;
  @ApiProperty({ type: 'integer', isArray: true, enum: ISO_WEEKDAYS, example: [1, 2, 3, 4, 5, 6, 7] })
  days!: IsoWeekday[];
  @ApiProperty({ enum: REMINDER_CHANNELS, isArray: true }) channels!: ReminderChannel[];
  @ApiProperty({ type: ReminderChannelStatusDto, isArray: true }) channelStatus!: ReminderChannelStatusDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The VAPID public key (base64url) for PushManager.subscribe; null when Web Push is not configured',
  })
  pushPublicKey!: string | null;
  @ApiProperty({ type: 'integer', description: 'Devices that receive the person’s reminders' }) pushDevices!: number;
  @ApiProperty({ format: 'date-time', type: String, nullable: true }) nextReminderAt!: string | null;
}

export class PushDeviceDto implements PushDevice {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}
