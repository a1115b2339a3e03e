import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  JOURNAL_ERROR_CODES,
  type ApiSuccess,
  type CallerContext,
  type DeletedJournal,
  type Journal,
  type JournalKeyEnvelope,
  type Memory,
} from '@memories/contracts';
import {
  CreateJournalDto,
  DeletedJournalDto,
  DeleteJournalQueryDto,
  JournalDto,
  JournalIdParams,
  JournalKeyEnvelopeDto,
  ListQueryDto,
  MemoryDto,
  RekeyJournalDto,
  UpdateJournalDto,
} from '@memories/memory-dto';
import { Caller } from '../http/caller.decorator';
import type { JsonReply } from '../http/json-reply';
import { ApiRoute } from '../openapi/api-route.decorator';
import { JournalsService } from './journals.service';

const { JOURNAL_NOT_FOUND, JOURNAL_OWNER_FORBIDDEN } = JOURNAL_ERROR_CODES;

/** Journals: the unit of organising, sharing and privacy (issue 37). */
@ApiTags('journals')
@Controller('journals')
export class JournalsController {
  constructor(private readonly journals: JournalsService) {}

  @Get()
  @ApiRoute({
    summary: 'Your journals and the journals shared with you, in your order',
    description: 'The first call makes your default journal if you have none yet.',
    data: [JournalDto],
  })
  list(@Caller() caller: CallerContext): Promise<ApiSuccess<Journal[]>> {
    return this.journals.list(caller);
  }

  @Post()
  @HttpCode(HttpStatus.CREATED)
  @ApiRoute({
    summary: 'Make a journal (locked when it carries a key envelope made in the browser)',
    data: JournalDto,
    errors: [JOURNAL_ERROR_CODES.JOURNAL_LIMIT_CONFLICT],
  })
  create(@Caller() caller: CallerContext, @Body() body: CreateJournalDto): Promise<ApiSuccess<Journal>> {
    return this.journals.create(caller, body);
  }

  @Patch(':id')
  @ApiRoute({
    summary: 'Rename, recolour, make default or move one of your journals in your order',
    description: 'Only the owner renames and recolours; anyone may move a journal in their own order.',
    data: JournalDto,
    errors: [JOURNAL_NOT_FOUND, JOURNAL_OWNER_FORBIDDEN, JOURNAL_ERROR_CODES.JOURNAL_INVALID],
  })
  update(
    @Caller() caller: CallerContext,
    @Param() { id }: JournalIdParams,
    @Body() body: UpdateJournalDto,
  ): Promise<ApiSuccess<Journal>> {
    return this.journals.update(caller, id, body);
  }

  @Delete(':id')
  @ApiRoute({
    summary: 'Delete one of your journals: an empty one, or with ?moveTo= another of yours',
    description:
      'Memories you wrote move to moveTo; memories other members wrote go back to their own default journal. The ' +
      'last journal and the default journal are never deleted.',
    data: DeletedJournalDto,
    errors: [
      JOURNAL_NOT_FOUND,
      JOURNAL_OWNER_FORBIDDEN,
      JOURNAL_ERROR_CODES.JOURNAL_NOT_EMPTY_CONFLICT,
      JOURNAL_ERROR_CODES.JOURNAL_LAST_CONFLICT,
      JOURNAL_ERROR_CODES.JOURNAL_DEFAULT_CONFLICT,
      JOURNAL_ERROR_CODES.JOURNAL_INVALID,
    ],
  })
  delete(
    @Caller() caller: CallerContext,
    @Param() { id }: JournalIdParams,
    @Query() { moveTo }: DeleteJournalQueryDto,
  ): Promise<ApiSuccess<DeletedJournal>> {
    return this.journals.delete(caller, id, moveTo);
  }

  @Get(':id/memories')
  @ApiRoute({
    summary: "A journal's memories, by every member (paginated and filtered like the dashboard list)",
    data: [MemoryDto],
    paginated: true,
    errors: [JOURNAL_NOT_FOUND],
  })
  memories(
    @Caller() caller: CallerContext,
    @Param() { id }: JournalIdParams,
    @Query() query: ListQueryDto,
  ): Promise<JsonReply<ApiSuccess<Memory[]>>> {
    return this.journals.memories(caller, id, query);
  }

  @Get(':id/key')
  @ApiRoute({
    summary: "A locked journal's key, wrapped in the browser by the passphrase and by the recovery key (owner only)",
    description: 'Only the browser can open it: the server never has the passphrase, the recovery key or the key.',
    data: JournalKeyEnvelopeDto,
    errors: [JOURNAL_NOT_FOUND],
  })
  key(@Caller() caller: CallerContext, @Param() { id }: JournalIdParams): Promise<ApiSuccess<JournalKeyEnvelope>> {
    return this.journals.key(caller, id);
  }

  @Put(':id/key')
  @ApiRoute({
    summary: "A locked journal's key wrapped again, for a new passphrase (owner only)",
    description: 'The same journal key: no memory is encrypted again.',
    data: JournalDto,
    errors: [JOURNAL_NOT_FOUND, JOURNAL_ERROR_CODES.JOURNAL_LOCKED_CONFLICT],
  })
  rekey(
    @Caller() caller: CallerContext,
    @Param() { id }: JournalIdParams,
    @Body() { keyEnvelope }: RekeyJournalDto,
  ): Promise<ApiSuccess<Journal>> {
    return this.journals.rekey(caller, id, keyEnvelope);
  }
}
