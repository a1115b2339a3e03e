import { Controller, Delete, Get, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';
import type { ApiSuccess, Memory, MessageContext, UserSummary } from '@memories/contracts';
import { MemoryIdParams } from '@memories/memory-dto';
import { CurrentUserId } from '../auth/current-user-id.decorator';
import { RequestContext } from '../http/request-context.decorator';
import { MemoryAnswerDto, RecipientsAnswerDto } from './memory-response.dto';
import { MemorySharesService } from './memory-shares.service';

class ShareRecipientParams extends MemoryIdParams {
  @IsUUID('all', { message: 'userId must be a user id (UUID)' })
  userId!: string;
}

/** Who a memory is shared with, and taking a share back; adding recipients is POST /memories/memory/{id}/share. */
@ApiTags('memories')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No valid access token' })
@ApiNotFoundResponse({ description: 'No such memory, or the caller is not its owner' })
@Controller('memories/memory/:id/share')
export class MemorySharesController {
  constructor(private readonly shares: MemorySharesService) {}

  @Get()
  @ApiOperation({ summary: 'The people a memory is shared with: id, name, email and profile picture (owner only)' })
  @ApiOkResponse({ type: RecipientsAnswerDto })
  recipients(@RequestContext() context: MessageContext, @CurrentUserId() userId: string, @Param() { id }: MemoryIdParams): Promise<ApiSuccess<UserSummary[]>> {
    return this.shares.recipients({ ...context, userId }, id);
  }

  @Delete(':userId')
  @ApiOperation({ summary: 'Stop sharing a memory with one person: their next read of it or its images is a 404 (owner only)' })
  @ApiOkResponse({ type: MemoryAnswerDto, description: 'The memory, without that person in sharedWith' })
  remove(@RequestContext() context: MessageContext, @CurrentUserId() userId: string, @Param() params: ShareRecipientParams): Promise<ApiSuccess<Memory>> {
    return this.shares.remove({ ...context, userId }, params.id, params.userId);
  }
}
