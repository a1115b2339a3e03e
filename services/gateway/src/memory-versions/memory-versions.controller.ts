import { Controller, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  JOURNAL_ERROR_CODES,
  MEMORY_ERROR_CODES,
  MEMORY_VERSION_ERROR_CODES,
  type ApiSuccess,
  type MemoryVersion,
  type MemoryVersionSummary,
  type RestoredMemoryVersion,
  type CallerContext,
} from '@memories/contracts';
import {
  MemoryIdParams,
  MemoryVersionDto,
  MemoryVersionParams,
  MemoryVersionSummaryDto,
  PageQueryDto,
  RestoredMemoryVersionDto,
} from '@memories/memory-dto';
import { Caller } from '../http/caller.decorator';
import { ApiRoute } from '../openapi/api-route.decorator';
import { MemoryVersionsService } from './memory-versions.service';

/**
 * Someone else's memory (or none) is MEMORY_NOT_FOUND; the owner's memory without that version
 * MEMORY_VERSION_NOT_FOUND.
 */
const VERSION_ERRORS = [MEMORY_ERROR_CODES.MEMORY_NOT_FOUND, MEMORY_VERSION_ERROR_CODES.MEMORY_VERSION_NOT_FOUND];

/** A memory's version history: its owner only; for anyone else the memory does not exist (404). */
@ApiTags('memory versions')
@Controller('memories/memory/:id/versions')
export class MemoryVersionsController {
  constructor(private readonly versions: MemoryVersionsService) {}

  @Get()
  @ApiRoute({
    summary: 'The kept versions of a memory, newest first (owner only)',
    data: [MemoryVersionSummaryDto],
    paginated: true,
    errors: [MEMORY_ERROR_CODES.MEMORY_NOT_FOUND],
  })
  list(
    @Caller() caller: CallerContext,
    @Param() { id }: MemoryIdParams,
    @Query() paging: PageQueryDto,
  ): Promise<ApiSuccess<MemoryVersionSummary[]>> {
    return this.versions.list(caller, id, paging);
  }

  @Get(':versionId')
  @ApiRoute({
    summary: 'One kept version, with the memory as it is now to compare with (owner only)',
    description:
      'A version of a locked journal’s memory comes as its ciphertext (sealed) with empty plaintext fields, and ' +
      'its current with only the memory’s date and draft flag: the browser opens the version with the journal key ' +
      'and compares it with the memory it opened.',
    data: MemoryVersionDto,
    errors: VERSION_ERRORS,
  })
  get(
    @Caller() caller: CallerContext,
    @Param() { id, versionId }: MemoryVersionParams,
  ): Promise<ApiSuccess<MemoryVersion>> {
    return this.versions.get(caller, id, versionId);
  }

  @Post(':versionId/restore')
  @HttpCode(HttpStatus.OK)
  @ApiRoute({
    summary: 'Make a kept version the current one (owner only)',
    description:
      'What the restore replaces is kept as a new version (undoVersionId), so a restore can itself be undone. A ' +
      'sealed version gives the memory its ciphertext back; one that does not fit the journal the memory is in now ' +
      '(sealed in a journal that is not locked, plain in a locked one) is refused with JOURNAL_LOCKED_CONFLICT.',
    data: RestoredMemoryVersionDto,
    errors: [...VERSION_ERRORS, MEMORY_ERROR_CODES.MEMORY_CONTENT_INVALID, JOURNAL_ERROR_CODES.JOURNAL_LOCKED_CONFLICT],
  })
  restore(
    @Caller() caller: CallerContext,
    @Param() { id, versionId }: MemoryVersionParams,
  ): Promise<ApiSuccess<RestoredMemoryVersion>> {
    return this.versions.restore(caller, id, versionId);
  }
}
