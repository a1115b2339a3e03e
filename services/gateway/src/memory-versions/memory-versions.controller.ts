import { Controller, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { ApiSuccess, MemoryVersion, MemoryVersionSummary, MessageContext, RestoredMemoryVersion } from '@memories/contracts';
import { MemoryIdParams, MemoryVersionParams, PageQueryDto } from '@memories/memory-dto';
import { CurrentUserId } from '../auth/current-user-id.decorator';
import { RequestContext } from '../http/request-context.decorator';
import { FailureAnswer, MemoryVersionAnswer, MemoryVersionListAnswer, RestoredMemoryVersionAnswer } from './memory-version.responses';
import { MemoryVersionsService } from './memory-versions.service';

const as = (context: MessageContext, userId: string): MessageContext => ({ ...context, userId });

/** A memory's version history: its owner only; for anyone else the memory does not exist (404). */
@ApiTags('memory versions')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ type: FailureAnswer, description: 'No valid access token' })
@ApiBadRequestResponse({ type: FailureAnswer, description: 'A malformed id or page' })
@ApiNotFoundResponse({ type: FailureAnswer, description: 'No such memory of the caller (MEMORY_NOT_FOUND), or no such version of it (MEMORY_VERSION_NOT_FOUND)' })
@Controller('memories/memory/:id/versions')
export class MemoryVersionsController {
  constructor(private readonly versions: MemoryVersionsService) {}

  @Get()
  @ApiOperation({ summary: 'The kept versions of a memory, newest first (owner only)' })
  @ApiOkResponse({ type: MemoryVersionListAnswer })
  list(
    @RequestContext() context: MessageContext,
    @CurrentUserId() userId: string,
    @Param() { id }: MemoryIdParams,
    @Query() paging: PageQueryDto,
  ): Promise<ApiSuccess<MemoryVersionSummary[]>> {
    return this.versions.list(as(context, userId), id, paging);
  }

  @Get(':versionId')
  @ApiOperation({ summary: 'One kept version, with the memory as it is now to compare with (owner only)' })
  @ApiOkResponse({ type: MemoryVersionAnswer })
  get(@RequestContext() context: MessageContext, @CurrentUserId() userId: string, @Param() { id, versionId }: MemoryVersionParams): Promise<ApiSuccess<MemoryVersion>> {
    return this.versions.get(as(context, userId), id, versionId);
  }

  @Post(':versionId/restore')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Make a kept version the current one; what it replaces is kept as a new version, so a restore can be undone (owner only)' })
  @ApiOkResponse({ type: RestoredMemoryVersionAnswer })
  restore(
    @RequestContext() context: MessageContext,
    @CurrentUserId() userId: string,
    @Param() { id, versionId }: MemoryVersionParams,
  ): Promise<ApiSuccess<RestoredMemoryVersion>> {
    return this.versions.restore(as(context, userId), id, versionId);
  }
}
