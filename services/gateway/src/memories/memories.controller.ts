import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  JOURNAL_ERROR_CODES,
  MEMORY_ERROR_CODES,
  SEARCH_RESULT_LIMIT,
  type ApiSuccess,
  type Memory,
  type MemorySearchAnswer,
  type CallerContext,
} from '@memories/contracts';
import { Caller } from '../http/caller.decorator';
import type { JsonReply } from '../http/json-reply';
import { ApiRoute } from '../openapi/api-route.decorator';
import { ApiIdempotencyKey, IdempotencyKey } from './idempotency-key.decorator';
import { MemoriesService } from './memories.service';
import {
  ListQueryDto,
  MemoryBodyDto,
  MemoryDto,
  MemoryIdParams,
  MemorySearchHitDto,
  MemorySearchInfoDto,
  PageQueryDto,
  SearchQueryDto,
  ShareBodyDto,
  UpdateMemoryQueryDto,
} from '@memories/memory-dto';

/**
 * What a save can refuse beyond the DTO's own validation: the content, thumbnail and date rules, and unknown share
 * recipients.
 */
export const SAVE_ERRORS = [
  MEMORY_ERROR_CODES.MEMORY_CONTENT_INVALID,
  MEMORY_ERROR_CODES.MEMORY_THUMBNAIL_INVALID,
  MEMORY_ERROR_CODES.MEMORY_DATE_INVALID,
  MEMORY_ERROR_CODES.MEMORY_SHARE_USERS_INVALID,
  // Writing into a journal: one the caller is not a member of, may only read, or that is locked (plaintext refused).
  JOURNAL_ERROR_CODES.JOURNAL_NOT_FOUND,
  JOURNAL_ERROR_CODES.JOURNAL_WRITE_FORBIDDEN,
  JOURNAL_ERROR_CODES.JOURNAL_LOCKED_CONFLICT,
];

/** Spec section 7, "Memories". Every route needs an access token; what the caller may not read answers 404. */
@ApiTags('memories')
@Controller('memories')
export class MemoriesController {
  constructor(private readonly memories: MemoriesService) {}

  @Post('memory')
  @ApiRoute({
    summary: 'Create a memory (content derived from contentJson)',
    description:
      'contentHtml is ignored: the server renders it from contentJson, which it validates against the editor schema.',
    data: MemoryDto,
    errors: SAVE_ERRORS,
  })
  @ApiIdempotencyKey()
  create(
    @Caller() caller: CallerContext,
    @Body() body: MemoryBodyDto,
    @IdempotencyKey() idempotencyKey: string | undefined,
  ): Promise<ApiSuccess<Memory>> {
    return this.memories.create(caller, body, idempotencyKey);
  }

  @Put('memory/:id')
  @ApiRoute({
    summary: 'Replace a memory (owner only)',
    description:
      'Send the `version` the edit is based on (every answer carrying a memory has it): a save based on an older version ' +
      'changes nothing and answers 409 MEMORY_VERSION_CONFLICT with the memory as it now is in `error.detail.current`. ' +
      'Without `version` the save overwrites.',
    data: MemoryDto,
    errors: [MEMORY_ERROR_CODES.MEMORY_NOT_FOUND, MEMORY_ERROR_CODES.MEMORY_VERSION_CONFLICT, ...SAVE_ERRORS],
  })
  update(
    @Caller() caller: CallerContext,
    @Param() { id }: MemoryIdParams,
    @Body() body: MemoryBodyDto,
    @Query() { autoSave }: UpdateMemoryQueryDto,
  ): Promise<ApiSuccess<Memory>> {
    return this.memories.update(caller, id, body, autoSave);
  }

  @Get('memory/:id')
  @ApiRoute({
    summary: 'Read a memory (owner or a user it is shared with)',
    data: MemoryDto,
    errors: [MEMORY_ERROR_CODES.MEMORY_NOT_FOUND],
  })
  get(@Caller() caller: CallerContext, @Param() { id }: MemoryIdParams): Promise<ApiSuccess<Memory>> {
    return this.memories.get(caller, id);
  }

  @Delete('memory/:id')
  @ApiRoute({
    summary: 'Delete a memory (its author, or the owner of its journal)',
    data: null,
    // A member of its journal who may read it but not remove it: 403.
    errors: [MEMORY_ERROR_CODES.MEMORY_NOT_FOUND, JOURNAL_ERROR_CODES.JOURNAL_WRITE_FORBIDDEN],
  })
  delete(@Caller() caller: CallerContext, @Param() { id }: MemoryIdParams): Promise<ApiSuccess<null>> {
    return this.memories.delete(caller, id);
  }

  @Post('memory/:id/publish')
  @HttpCode(HttpStatus.OK)
  @ApiRoute({
    summary: 'Publish a draft (its author, or the owner of its journal)',
    data: MemoryDto,
    errors: [MEMORY_ERROR_CODES.MEMORY_NOT_FOUND, JOURNAL_ERROR_CODES.JOURNAL_WRITE_FORBIDDEN],
  })
  publish(@Caller() caller: CallerContext, @Param() { id }: MemoryIdParams): Promise<ApiSuccess<Memory>> {
    return this.memories.publish(caller, id);
  }

  @Post('memory/:id/share')
  @HttpCode(HttpStatus.OK)
  @ApiRoute({
    summary: 'Share a memory with existing users (owner only; never a memory of a locked journal)',
    data: MemoryDto,
    errors: [
      MEMORY_ERROR_CODES.MEMORY_NOT_FOUND,
      MEMORY_ERROR_CODES.MEMORY_SHARE_USERS_INVALID,
      JOURNAL_ERROR_CODES.JOURNAL_LOCKED_CONFLICT,
    ],
  })
  share(
    @Caller() caller: CallerContext,
    @Param() { id }: MemoryIdParams,
    @Body() body: ShareBodyDto,
  ): Promise<ApiSuccess<Memory>> {
    return this.memories.share(caller, id, body.userIds);
  }

  @Get('my')
  @ApiRoute({
    summary: "The caller's memories, filtered, sorted and paged",
    data: [MemoryDto],
    paginated: true,
    errors: [MEMORY_ERROR_CODES.MEMORY_DATE_INVALID],
  })
  list(@Caller() caller: CallerContext, @Query() query: ListQueryDto): Promise<JsonReply<ApiSuccess<Memory[]>>> {
    return this.memories.list(caller, query);
  }

  @Get('search')
  @ApiRoute({
    summary: "Full-text search over the caller's memories, with the list's filters, each hit with a snippet",
    description:
      'q reads a syntax: every word must match, the last one also as a prefix while typed; "exact phrase", -word to exclude, ' +
      'OR between words, tag:name, before:yyyy-MM-dd, after:yyyy-MM-dd, is:draft, is:published, has:image. Anything else is ' +
      `searched as plain words. At most ${SEARCH_RESULT_LIMIT} matches are considered (limited says when more matched).`,
    data: [MemorySearchHitDto],
    paginated: true,
    extra: MemorySearchInfoDto,
    errors: [MEMORY_ERROR_CODES.MEMORY_DATE_INVALID],
  })
  search(@Caller() caller: CallerContext, @Query() query: SearchQueryDto): Promise<JsonReply<MemorySearchAnswer>> {
    return this.memories.search(caller, query);
  }

  @Get('tags')
  @ApiRoute({ summary: "The caller's distinct tags", data: [String] })
  tags(@Caller() caller: CallerContext): Promise<ApiSuccess<string[]>> {
    return this.memories.tags(caller);
  }

  @Get('shared')
  @ApiRoute({ summary: 'Memories other users shared with the caller', data: [MemoryDto], paginated: true })
  shared(@Caller() caller: CallerContext, @Query() query: PageQueryDto): Promise<JsonReply<ApiSuccess<Memory[]>>> {
    return this.memories.shared(caller, query);
  }
}
