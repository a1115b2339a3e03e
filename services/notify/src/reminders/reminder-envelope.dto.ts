import { Type } from 'class-transformer';
import { IsDefined, IsObject, IsUUID, ValidateNested } from 'class-validator';
import { PushSubscriptionBodyDto, ReminderSettingsBodyDto, ReminderUnsubscribeQueryDto } from '@memories/reminder-dto';
import { EnvelopeDto } from '@memories/nest-common';

// The gateway's DTOs, checked again on the bus.

abstract class OwnerEnvelopeBase extends EnvelopeDto {
  @IsDefined() @IsUUID() override userId!: string;
}

export class ReminderOwnerEnvelopeDto extends OwnerEnvelopeBase {
  @IsObject() payload!: Record<string, never>;
}

export class ReminderSettingsEnvelopeDto extends OwnerEnvelopeBase {
  @ValidateNested() @Type(() => ReminderSettingsBodyDto) payload!: ReminderSettingsBodyDto;
}

export class PushSubscriptionEnvelopeDto extends OwnerEnvelopeBase {
  @ValidateNested() @Type(() => PushSubscriptionBodyDto) payload!: PushSubscriptionBodyDto;
}

class DeviceIdDto {
  @IsUUID() id!: string;
}

export class PushDeviceIdEnvelopeDto extends OwnerEnvelopeBase {
  @ValidateNested() @Type(() => DeviceIdDto) payload!: DeviceIdDto;
}

/** No user: the link in an e-mail works without signing in. */
export class ReminderUnsubscribeEnvelopeDto extends EnvelopeDto {
  @ValidateNested() @Type(() => ReminderUnsubscribeQueryDto) payload!: ReminderUnsubscribeQueryDto;
}
