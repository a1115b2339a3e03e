import { Controller, Delete, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';
import {
  MEMORY_ERROR_CODES,
  type ApiSuccess,
  type Memory,
  type UserSummary,
  type CallerContext,
} from '@memories/contracts';
import { MemoryDto, MemoryIdParams, UserSummaryDto } from '@memories/memory-dto';
import { Caller } from '../http/caller.decorator';
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
  recipients(@Caller() caller: CallerContext, @Param() { id }: MemoryIdParams): Promise<ApiSuccess<UserSummary[]>> {
    return this.shares.recipients(caller, id);
  }

  @Delete(':userId')
  @ApiRoute({
    summary: 'Stop sharing a memory with one person (owner only)',
    description:
      'Their next read of the memory or of its images is a 404. Answers the memory without them in sharedWith.',
    data: MemoryDto,
    errors: [MEMORY_ERROR_CODES.MEMORY_NOT_FOUND],
  })
  remove(@Caller() caller: CallerContext, @Param() params: ShareRecipientParams): Promise<ApiSuccess<Memory>> {
    return this.shares.remove(caller, params.id, params.userId);
  }
}
