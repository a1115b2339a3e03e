import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  ARGON2ID_BOUNDS,
  JOURNAL_KEY_ENVELOPE_FORMAT,
  KEY_SALT_BYTES,
  MAX_SEALED_CIPHERTEXT_LENGTH,
  WRAPPED_KEY_BYTES,
  base64UrlLength,
  type Argon2idParameters,
  type JournalKeyEnvelope,
  type RecoveryKeyParameters,
  type SealedMemory,
  type WrappedJournalKey,
} from '@memories/contracts';

/** base64url text of exactly `bytes` bytes. */
const exactly = (bytes: number) => new RegExp(`^[A-Za-z0-9_-]{${base64UrlLength(bytes)}}$`);
const SALT = exactly(KEY_SALT_BYTES);
const WRAPPED_KEY = exactly(WRAPPED_KEY_BYTES);

// The server checks a locked journal's key only for its shape and sizes: it cannot and must not check more (it never
// has the passphrase), and the bounds keep a stored envelope from asking a browser for absurd work.

export class Argon2idParametersDto implements Argon2idParameters {
  @ApiProperty({ enum: ['argon2id'] })
  @IsIn(['argon2id'])
  algorithm!: 'argon2id';

  @ApiProperty({ minimum: ARGON2ID_BOUNDS.memoryKiB.min, maximum: ARGON2ID_BOUNDS.memoryKiB.max, example: 65536 })
  @IsInt()
  @Min(ARGON2ID_BOUNDS.memoryKiB.min)
  @Max(ARGON2ID_BOUNDS.memoryKiB.max)
  memoryKiB!: number;

  @ApiProperty({ minimum: ARGON2ID_BOUNDS.iterations.min, maximum: ARGON2ID_BOUNDS.iterations.max, example: 3 })
  @IsInt()
  @Min(ARGON2ID_BOUNDS.iterations.min)
  @Max(ARGON2ID_BOUNDS.iterations.max)
  iterations!: number;

  @ApiProperty({ minimum: ARGON2ID_BOUNDS.parallelism.min, maximum: ARGON2ID_BOUNDS.parallelism.max, example: 1 })
  @IsInt()
  @Min(ARGON2ID_BOUNDS.parallelism.min)
  @Max(ARGON2ID_BOUNDS.parallelism.max)
  parallelism!: number;

  @ApiProperty({ description: 'base64url, 16 bytes', example: 'AAECAwQFBgcICQoLDA0ODw' })
  @Matches(SALT, { message: 'salt must be 16 bytes in base64url' })
  salt!: string;
}

export class RecoveryKeyParametersDto implements RecoveryKeyParameters {
  @ApiProperty({ enum: ['hkdf-sha256'] })
  @IsIn(['hkdf-sha256'])
  algorithm!: 'hkdf-sha256';

  @ApiProperty({ description: 'base64url, 16 bytes', example: 'Dw4NDAsKCQgHBgUEAwIBAA' })
  @Matches(SALT, { message: 'salt must be 16 bytes in base64url' })
  salt!: string;
}

abstract class WrappedKeyDto {
  @ApiProperty({ enum: ['aes-kw'] })
  @IsIn(['aes-kw'])
  wrapping!: 'aes-kw';

  @ApiProperty({ description: 'The journal key wrapped with AES-KW: 40 bytes in base64url' })
  @Matches(WRAPPED_KEY, { message: 'wrappedKey must be 40 bytes in base64url' })
  wrappedKey!: string;
}

export class PassphraseWrappedKeyDto extends WrappedKeyDto implements WrappedJournalKey<Argon2idParameters> {
  @ApiProperty({ type: Argon2idParametersDto })
  @ValidateNested()
  @Type(() => Argon2idParametersDto)
  kdf!: Argon2idParametersDto;
}

export class RecoveryWrappedKeyDto extends WrappedKeyDto implements WrappedJournalKey<RecoveryKeyParameters> {
  @ApiProperty({ type: RecoveryKeyParametersDto })
  @ValidateNested()
  @Type(() => RecoveryKeyParametersDto)
  kdf!: RecoveryKeyParametersDto;
}

/** A locked journal's key, wrapped in the browser by the passphrase and by the recovery key. */
export class JournalKeyEnvelopeDto implements JournalKeyEnvelope {
  @ApiProperty({ enum: [JOURNAL_KEY_ENVELOPE_FORMAT] })
  @IsIn([JOURNAL_KEY_ENVELOPE_FORMAT])
  format!: typeof JOURNAL_KEY_ENVELOPE_FORMAT;

  @ApiProperty({ type: PassphraseWrappedKeyDto })
  @ValidateNested()
  @Type(() => PassphraseWrappedKeyDto)
  passphrase!: PassphraseWrappedKeyDto;

  @ApiProperty({ type: RecoveryWrappedKeyDto })
  @ValidateNested()
  @Type(() => RecoveryWrappedKeyDto)
  recovery!: RecoveryWrappedKeyDto;
}

/** Most encrypted images one locked memory may use. */
export const MAX_SEALED_IMAGES = 200;

/**
 * A memory of a locked journal: its title, content, tags and thumbnail as one ciphertext made in the browser, and the
 * addresses of its encrypted images.
 */
export class SealedMemoryDto implements SealedMemory {
  @ApiProperty({ description: 'AES-256-GCM ciphertext of title, content, tags and thumbnail (base64url)' })
  @IsString()
  @MaxLength(MAX_SEALED_CIPHERTEXT_LENGTH)
  @Matches(/^[A-Za-z0-9_-]{40,}$/, { message: 'ciphertext must be base64url' })
  ciphertext!: string;

  @ApiProperty({ type: [String], description: 'The encrypted images the memory uses (their file addresses)' })
  @IsArray()
  @ArrayMaxSize(MAX_SEALED_IMAGES)
  @IsString({ each: true })
  @MaxLength(2048, { each: true })
  imageUrls!: string[];
}
