import { Controller, Delete, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';
import {
  MEMORY_ERROR_CODES,
  type ApiSuccess,
  type Memory,
  type MessageContext,
  type UserSummary,
} from '@memories/contracts';
import { MemoryDto, MemoryIdParams, UserSummaryDto } from '@memories/memory-dto';
import { CurrentUserId } from '../auth/current-user-id.decorator';
import { RequestContext } from '../http/request-context.decorator';
import { ApiRoute } from '../openapi/api-route.decorator';
import { MemorySharesService } from './memory-shares.service';

class ShareRecipientParams extends MemoryIdParams {
  @IsUUID('all', { message: 'userId must be a user id (UUID)' })
  userId!: string;
}

/** Who a memory is shared with, and taking a share back; adding recipients is POST /memories/memory/{id}/share. */
@ApiTags('memories')
@Controller('memories/memory/:id/share')
export class MemorySharesController {
  constructor(private readonly shares: MemorySharesService) {}

  @Get()
  @ApiRoute({
    summary: 'The people a memory is shared with, in the order they were added (owner only)',
    data: [UserSummaryDto],
    errors: [MEMORY_ERROR_CODES.MEMORY_NOT_FOUND],
  })
  recipients(
    @RequestContext() context: MessageContext,
    @CurrentUserId() userId: string,
    @Param() { id }: MemoryIdParams,
  ): Promise<ApiSuccess<UserSummary[]>> {
    return this.shares.recipients({ ...context, userId }, id);
  }

  @Delete(':userId')
  @ApiRoute({
    summary: 'Stop sharing a memory with one person (owner only)',
    description:
      'Their next read of the memory or of its images is a 404. Answers the memory without them in sharedWith.',
    data: MemoryDto,
    errors: [MEMORY_ERROR_CODES.MEMORY_NOT_FOUND],
  })
  remove(
    @RequestContext() context: MessageContext,
    @CurrentUserId() userId: string,
    @Param() params: ShareRecipientParams,
  ): Promise<ApiSuccess<Memory>> {
    return this.shares.remove({ ...context, userId }, params.id, params.userId);
  }
}
