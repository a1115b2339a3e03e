import type { MemoryPlainFields } from '@memories/contracts';

/**
 * A memory's plain fields (contracts, `MemoryPlainFields`), each validated and documented once: as it is here in every
 * answer (`MemoryDto`), and optional in the create and update body (`MemoryBodyDto`, through `PartialType`, which keeps
 * these validations and makes each field optional).
 */
export class MemoryPlainFieldsDto implements MemoryPlainFields {}
