import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { MEMORY_ERROR_CODES, type ApiSuccess, type Memory, type CallerContext } from '@memories/contracts';
import { ListQueryDto, MemoryBodyDto, MemoryDto, MemoryIdParams } from '@memories/memory-dto';
import { Caller } from '../http/caller.decorator';
import type { JsonReply } from '../http/json-reply';
import { ApiRoute } from '../openapi/api-route.decorator';
import { ApiIdempotencyKey, IdempotencyKey } from './idempotency-key.decorator';
import { SAVE_ERRORS } from './memories.controller';
import { MemoriesService } from './memories.service';

/**
 * The spec's generic memory endpoints ("defined but not called by the screens"): the same service, rules and answers
 * as their /memories/memory and /memories/my twins.
 */
@ApiTags('memories')
@Controller('memories')
export class GenericMemoriesController {
  constructor(private readonly memories: MemoriesService) {}

  @Get()
  @ApiRoute({
    summary: "The caller's memories, filtered, sorted and paged (as GET /memories/my)",
    data: [MemoryDto],
    paginated: true,
    errors: [MEMORY_ERROR_CODES.MEMORY_DATE_INVALID],
  })
  list(@Caller() caller: CallerContext, @Query() query: ListQueryDto): Promise<JsonReply<ApiSuccess<Memory[]>>> {
    return this.memories.list(caller, query);
  }

  @Post()
  @ApiRoute({ summary: 'Create a memory (as POST /memories/memory)', data: MemoryDto, errors: SAVE_ERRORS })
  @ApiIdempotencyKey()
  create(
    @Caller() caller: CallerContext,
    @Body() body: MemoryBodyDto,
    @IdempotencyKey() idempotencyKey: string | undefined,
  ): Promise<ApiSuccess<Memory>> {
    return this.memories.create(caller, body, idempotencyKey);
  }

  @Get(':id')
  @ApiRoute({
    summary: 'Read a memory: the owner, or a user it is shared with (as GET /memories/memory/{id})',
    data: MemoryDto,
    errors: [MEMORY_ERROR_CODES.MEMORY_NOT_FOUND],
  })
  get(@Caller() caller: CallerContext, @Param() { id }: MemoryIdParams): Promise<ApiSuccess<Memory>> {
    return this.memories.get(caller, id);
  }

  @Put(':id')
  @ApiRoute({
    summary: 'Replace a memory, owner only (as PUT /memories/memory/{id})',
    data: MemoryDto,
    errors: [MEMORY_ERROR_CODES.MEMORY_NOT_FOUND, ...SAVE_ERRORS],
  })
  update(
    @Caller() caller: CallerContext,
    @Param() { id }: MemoryIdParams,
    @Body() body: MemoryBodyDto,
  ): Promise<ApiSuccess<Memory>> {
    return this.memories.update(caller, id, body);
  }

  @Delete(':id')
  @ApiRoute({
    summary: 'Delete a memory, owner only (as DELETE /memories/memory/{id})',
    data: null,
    errors: [MEMORY_ERROR_CODES.MEMORY_NOT_FOUND],
  })
  delete(@Caller() caller: CallerContext, @Param() { id }: MemoryIdParams): Promise<ApiSuccess<null>> {
    return this.memories.delete(caller, id);
  }
}
