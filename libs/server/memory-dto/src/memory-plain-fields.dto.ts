import { ApiProperty } from '@nestjs/swagger';
import { ValidateBy, ValidateIf } from 'class-validator';
import {
  MAX_MOOD,
  MIN_MOOD,
  MOOD_VALIDATION_MESSAGE,
  isMemoryMood,
  type MemoryMood,
  type MemoryPlainFields,
} from '@memories/contracts';

/** How `mood` is documented wherever a memory or its summary carries it. */
export const MOOD_PROPERTY = {
  type: 'integer',
  minimum: MIN_MOOD,
  maximum: MAX_MOOD,
  nullable: true,
  description:
    `How it felt, ${MIN_MOOD} (awful) to ${MAX_MOOD} (great), or null for no mood; left out of a create there is no ` +
    'mood, and left out of an update the memory keeps its own',
  example: 4,
} as const;

/**
 * A memory's plain fields (contracts, `MemoryPlainFields`), each validated and documented once: as it is here in every
 * answer (`MemoryDto`), and optional in the create and update body (`MemoryBodyDto`, through `PartialType`, which keeps
 * these validations and makes each field optional).
 */
export class MemoryPlainFieldsDto implements MemoryPlainFields {
  @ApiProperty({ ...MOOD_PROPERTY })
  @ValidateIf((_fields, value) => value !== null)
  @ValidateBy({
    name: 'isMemoryMood',
    validator: { validate: isMemoryMood, defaultMessage: () => MOOD_VALIDATION_MESSAGE },
  })
  mood!: MemoryMood | null;
}
