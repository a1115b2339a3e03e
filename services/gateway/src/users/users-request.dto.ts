import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, IsUUID, MaxLength } from 'class-validator';
import type { DeleteAccountPayload, UserEmailLookupPayload } from '@memories/contracts';

export class UserEmailQueryDto implements UserEmailLookupPayload {
  @ApiProperty({
    example: 'ada@example.com',
    description: 'The exact address (case does not matter); no prefix or partial match',
  })
  @IsString()
  @IsNotEmpty({ message: 'email is required: look people up by their exact e-mail address' })
  @MaxLength(320)
  email!: string;
}

export class UserIdParams {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'id must be a user id (UUID)' })
  id!: string;
}

export class DeleteAccountBodyDto implements DeleteAccountPayload {
  @ApiProperty({ description: "The account's password, asked again" })
  @IsString()
  @MaxLength(256)
  password!: string;
}
