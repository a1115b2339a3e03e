import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  JOURNAL_ERROR_CODES,
  USER_ERROR_CODES,
  type ApiSuccess,
  type CallerContext,
  type JournalMember,
} from '@memories/contracts';
import {
  JournalIdParams,
  JournalMemberBodyDto,
  JournalMemberDto,
  JournalMemberParams,
  JournalMemberRoleDto,
} from '@memories/memory-dto';
import { Caller } from '../http/caller.decorator';
import { ApiRoute } from '../openapi/api-route.decorator';
import { JournalsService } from './journals.service';

const { JOURNAL_NOT_FOUND, JOURNAL_OWNER_FORBIDDEN, JOURNAL_MEMBER_NOT_FOUND } = JOURNAL_ERROR_CODES;

/** Who shares a journal: the owner adds, changes and removes members; a member may leave. */
@ApiTags('journals')
@Controller('journals/:id/members')
export class JournalMembersController {
  constructor(private readonly journals: JournalsService) {}

  @Get()
  @ApiRoute({
    summary: "A journal's members, the owner first (every member may see them)",
    data: [JournalMemberDto],
    errors: [JOURNAL_NOT_FOUND],
  })
  list(@Caller() caller: CallerContext, @Param() { id }: JournalIdParams): Promise<ApiSuccess<JournalMember[]>> {
    return this.journals.members(caller, id);
  }

  @Post()
  @HttpCode(HttpStatus.CREATED)
  @ApiRoute({
    summary: 'Add someone by the e-mail of their verified account, as editor or viewer (owner only)',
    description: 'The same exact look-up as sharing a memory, and limited the same way. A locked journal is refused.',
    data: JournalMemberDto,
    errors: [
      JOURNAL_NOT_FOUND,
      JOURNAL_OWNER_FORBIDDEN,
      JOURNAL_ERROR_CODES.JOURNAL_MEMBER_INVALID,
      JOURNAL_ERROR_CODES.JOURNAL_MEMBER_ALREADY_EXISTS,
      JOURNAL_ERROR_CODES.JOURNAL_LOCKED_CONFLICT,
      JOURNAL_ERROR_CODES.JOURNAL_LIMIT_CONFLICT,
      // The look-up is the one of GET /users, counted per signed-in user by the auth service.
      USER_ERROR_CODES.USER_LOOKUP_RATE_LIMITED,
    ],
  })
  add(
    @Caller() caller: CallerContext,
    @Param() { id }: JournalIdParams,
    @Body() body: JournalMemberBodyDto,
  ): Promise<ApiSuccess<JournalMember>> {
    return this.journals.addMember(caller, id, body);
  }

  @Patch(':userId')
  @ApiRoute({
    summary: "Change a member's role (owner only)",
    data: JournalMemberDto,
    errors: [JOURNAL_NOT_FOUND, JOURNAL_OWNER_FORBIDDEN, JOURNAL_MEMBER_NOT_FOUND],
  })
  update(
    @Caller() caller: CallerContext,
    @Param() { id, userId }: JournalMemberParams,
    @Body() { role }: JournalMemberRoleDto,
  ): Promise<ApiSuccess<JournalMember>> {
    return this.journals.updateMember(caller, id, userId, role);
  }

  @Delete(':userId')
  @ApiRoute({
    summary: 'Remove a member (owner), or leave (your own id)',
    description:
      'They lose the memories and images of the journal at once; the memories they wrote go back to their own ' +
      'default journal.',
    data: null,
    errors: [JOURNAL_NOT_FOUND, JOURNAL_OWNER_FORBIDDEN, JOURNAL_MEMBER_NOT_FOUND, JOURNAL_ERROR_CODES.JOURNAL_INVALID],
  })
  remove(@Caller() caller: CallerContext, @Param() { id, userId }: JournalMemberParams): Promise<ApiSuccess<null>> {
    return this.journals.removeMember(caller, id, userId);
  }
}
