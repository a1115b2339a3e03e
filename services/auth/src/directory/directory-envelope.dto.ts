import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsDefined,
  IsObject,
  IsString,
  IsUUID,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import {
  MAX_IMAGE_URLS_PER_QUERY,
  type MessageEnvelope,
  type ProfileImagesReferencedPayload,
  type UserEmailLookupPayload,
} from '@memories/contracts';
import { EnvelopeDto } from '@memories/nest-common';

// Validated again here (the gateway and the upload service send them): types and sizes.

class UserEmailLookupPayloadDto implements UserEmailLookupPayload {
  @IsString() @MaxLength(320) email!: string;
}

class ProfileImagesReferencedPayloadDto implements ProfileImagesReferencedPayload {
  @IsUUID() ownerId!: string;

  @IsArray()
  @ArrayMaxSize(MAX_IMAGE_URLS_PER_QUERY)
  @IsString({ each: true })
  @MaxLength(2048, { each: true })
  fileUrls!: string[];
}

export class UserEmailLookupEnvelopeDto extends EnvelopeDto implements MessageEnvelope<UserEmailLookupPayload> {
  @ValidateNested() @Type(() => UserEmailLookupPayloadDto) payload!: UserEmailLookupPayloadDto;
}

export class ProfileImagesReferencedEnvelopeDto
  extends EnvelopeDto
  implements MessageEnvelope<ProfileImagesReferencedPayload>
{
  @ValidateNested() @Type(() => ProfileImagesReferencedPayloadDto) payload!: ProfileImagesReferencedPayloadDto;
}

export class UserMailAddressEnvelopeDto extends EnvelopeDto implements MessageEnvelope<Record<string, never>> {
  @IsDefined() @IsUUID() override userId!: string;
  @IsObject() payload!: Record<string, never>;
}
