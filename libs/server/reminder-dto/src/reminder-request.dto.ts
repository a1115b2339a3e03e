import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsString,
  IsTimeZone,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  ISO_WEEKDAYS,
  MAX_PUSH_ENDPOINT_LENGTH,
  MAX_TIME_ZONE_LENGTH,
  REMINDER_CHANNELS,
  REMINDER_MESSAGES,
  REMINDER_TIME_PATTERN,
  type IsoWeekday,
  type PushSubscriptionInput,
  type ReminderChannel,
  type ReminderSettings,
  type ReminderUnsubscribePayload,
} from '@memories/contracts';

const BASE64URL = /^[A-Za-z0-9_-]+=*$/;
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/** `PUT /api/settings/reminders`: exactly these five fields (any other is refused), each 400 naming its field. */
export class ReminderSettingsBodyDto implements ReminderSettings {
  @ApiProperty({ example: true })
  @IsBoolean({ message: REMINDER_MESSAGES.enabledInvalid })
  enabled!: boolean;

  @ApiProperty({ example: '20:00', pattern: REMINDER_TIME_PATTERN.source, description: 'Local wall-clock time' })
  @IsString({ message: REMINDER_MESSAGES.timeInvalid })
  @Matches(REMINDER_TIME_PATTERN, { message: REMINDER_MESSAGES.timeInvalid })
  time!: string;

  @ApiProperty({ example: 'Europe/Paris', description: 'IANA time zone: the reminder follows its DST changes' })
  @IsString({ message: REMINDER_MESSAGES.timeZoneInvalid })
  @MaxLength(MAX_TIME_ZONE_LENGTH, { message: REMINDER_MESSAGES.timeZoneInvalid })
  @IsTimeZone({ message: REMINDER_MESSAGES.timeZoneInvalid })
  timeZone!: string;

  @ApiProperty({ type: 'integer', isArray: true, enum: ISO_WEEKDAYS, example: [1, 2, 3, 4, 5] })
  @IsArray({ message: REMINDER_MESSAGES.daysInvalid })
  @ArrayNotEmpty({ message: REMINDER_MESSAGES.daysInvalid })
  @ArrayMaxSize(ISO_WEEKDAYS.length, { message: REMINDER_MESSAGES.daysInvalid })
  @ArrayUnique(undefined, { message: REMINDER_MESSAGES.daysInvalid })
  @IsInt({ each: true, message: REMINDER_MESSAGES.daysInvalid })
  @Min(1, { each: true, message: REMINDER_MESSAGES.daysInvalid })
  @Max(7, { each: true, message: REMINDER_MESSAGES.daysInvalid })
  days!: IsoWeekday[];

  @ApiProperty({ enum: REMINDER_CHANNELS, isArray: true, example: ['push', 'email'] })
  @IsArray({ message: REMINDER_MESSAGES.channelsInvalid })
  @ArrayMaxSize(REMINDER_CHANNELS.length, { message: REMINDER_MESSAGES.channelsInvalid })
  @ArrayUnique(undefined, { message: REMINDER_MESSAGES.channelsInvalid })
  @IsIn(REMINDER_CHANNELS, { each: true, message: REMINDER_MESSAGES.channelsInvalid })
  channels!: ReminderChannel[];
}

class PushSubscriptionKeysDto {
  @ApiProperty({ description: 'The browser’s P-256 public key (base64url)' })
  @IsString({ message: REMINDER_MESSAGES.keysInvalid })
  @MaxLength(200, { message: REMINDER_MESSAGES.keysInvalid })
  @Matches(BASE64URL, { message: REMINDER_MESSAGES.keysInvalid })
  p256dh!: string;

  @ApiProperty({ description: 'The subscription’s authentication secret (base64url)' })
  @IsString({ message: REMINDER_MESSAGES.keysInvalid })
  @MaxLength(100, { message: REMINDER_MESSAGES.keysInvalid })
  @Matches(BASE64URL, { message: REMINDER_MESSAGES.keysInvalid })
  auth!: string;
}

/** `POST /api/settings/reminders/devices`: a browser's `PushSubscription.toJSON()` (without expirationTime). */
export class PushSubscriptionBodyDto implements PushSubscriptionInput {
  @ApiProperty({ example: 'https://fcm.googleapis.com/fcm/send/…', maxLength: MAX_PUSH_ENDPOINT_LENGTH })
  @IsString({ message: REMINDER_MESSAGES.endpointInvalid })
  @MaxLength(MAX_PUSH_ENDPOINT_LENGTH, { message: REMINDER_MESSAGES.endpointInvalid })
  @Matches(/^https?:\/\/\S+$/i, { message: REMINDER_MESSAGES.endpointInvalid })
  endpoint!: string;

  @ApiProperty({ type: PushSubscriptionKeysDto })
  @IsObject({ message: REMINDER_MESSAGES.keysInvalid })
  @ValidateNested()
  @Type(() => PushSubscriptionKeysDto)
  keys!: PushSubscriptionKeysDto;
}

/** The token of an e-mail's one-click unsubscribe link (`?token=`). */
export class ReminderUnsubscribeQueryDto implements ReminderUnsubscribePayload {
  @ApiProperty({ description: 'From the e-mail’s List-Unsubscribe link' })
  @IsString({ message: REMINDER_MESSAGES.unsubscribeNotFound })
  @Matches(TOKEN, { message: REMINDER_MESSAGES.unsubscribeNotFound })
  token!: string;
}
