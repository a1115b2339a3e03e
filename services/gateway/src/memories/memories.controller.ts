import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ApiSuccess, Memory, MemorySearchAnswer, MessageContext } from '@memories/contracts';
import { CurrentUserId } from '../auth/current-user-id.decorator';
import { ApiFailureResponse } from '../http/api-envelope.responses';
import { RequestContext } from '../http/request-context.decorator';
import { ApiIdempotencyKey, IdempotencyKey } from './idempotency-key.decorator';
import { MemoriesService } from './memories.service';
import { MemorySearchResponse } from './memory-search.responses';
import { ListQueryDto, MemoryBodyDto, MemoryIdParams, PageQueryDto, SearchQueryDto, ShareBodyDto } from '@memories/memory-dto';

const as = (context: MessageContext, userId: string): MessageContext => ({ ...context, userId });

/** Spec section 7, "Memories". Every route needs an access token; what the caller may not read answers 404. */
@ApiTags('memories')
@ApiBearerAuth()
@Controller('memories')
export class MemoriesController {
  constructor(private readonly memories: MemoriesService) {}

  @Post('memory')
  @ApiOperation({ summary: 'Create a memory (content derived from contentJson)' })
  @ApiIdempotencyKey()
  create(
    @RequestContext() context: MessageContext,
    @CurrentUserId() userId: string,
    @Body() body: MemoryBodyDto,
    @IdempotencyKey() idempotencyKey: string | undefined,
  ): Promise<ApiSuccess<Memory>> {
    return this.memories.create(as(context, userId), body, idempotencyKey);
  }

  @Put('memory/:id')
  @ApiOperation({ summary: 'Replace a memory (owner only)' })
  update(
    @RequestContext() context: MessageContext,
    @CurrentUserId() userId: string,
    @Param() { id }: MemoryIdParams,
    @Body() body: MemoryBodyDto,
  ): Promise<ApiSuccess<Memory>> {
    return this.memories.update(as(context, userId), id, body);
  }

  @Get('memory/:id')
  @ApiOperation({ summary: 'Read a memory (owner or a user it is shared with)' })
  get(@RequestContext() context: MessageContext, @CurrentUserId() userId: string, @Param() { id }: MemoryIdParams): Promise<ApiSuccess<Memory>> {
    return this.memories.get(as(context, userId), id);
  }

  @Delete('memory/:id')
  @ApiOperation({ summary: 'Delete a memory (owner only)' })
  delete(@RequestContext() context: MessageContext, @CurrentUserId() userId: string, @Param() { id }: MemoryIdParams): Promise<ApiSuccess<null>> {
    return this.memories.delete(as(context, userId), id);
  }

  @Post('memory/:id/publish')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Publish a draft (owner only)' })
  publish(@RequestContext() context: MessageContext, @CurrentUserId() userId: string, @Param() { id }: MemoryIdParams): Promise<ApiSuccess<Memory>> {
    return this.memories.publish(as(context, userId), id);
  }

  @Post('memory/:id/share')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Share a memory with existing users (owner only)' })
  share(
    @RequestContext() context: MessageContext,
    @CurrentUserId() userId: string,
    @Param() { id }: MemoryIdParams,
    @Body() body: ShareBodyDto,
  ): Promise<ApiSuccess<Memory>> {
    return this.memories.share(as(context, userId), id, body.userIds);
  }

  @Get('my')
  @ApiOperation({ summary: "The caller's memories, filtered, sorted and paged" })
  list(@RequestContext() context: MessageContext, @CurrentUserId() userId: string, @Query() query: ListQueryDto): Promise<ApiSuccess<Memory[]>> {
    return this.memories.list(as(context, userId), query);
  }

  @Get('search')
  @ApiOperation({ summary: "Full-text search over the caller's memories, with the list's filters, each hit with a snippet" })
  @ApiOkResponse({ type: MemorySearchResponse })
  @ApiBadRequestResponse({ type: ApiFailureResponse })
  search(@RequestContext() context: MessageContext, @CurrentUserId() userId: string, @Query() query: SearchQueryDto): Promise<MemorySearchAnswer> {
    return this.memories.search(as(context, userId), query);
  }

  @Get('tags')
  @ApiOperation({ summary: "The caller's distinct tags" })
  tags(@RequestContext() context: MessageContext, @CurrentUserId() userId: string): Promise<ApiSuccess<string[]>> {
    return this.memories.tags(as(context, userId));
  }

  @Get('shared')
  @ApiOperation({ summary: 'Memories other users shared with the caller' })
  shared(@RequestContext() context: MessageContext, @CurrentUserId() userId: string, @Query() query: PageQueryDto): Promise<ApiSuccess<Memory[]>> {
    return this.memories.shared(as(context, userId), query);
  }
}
