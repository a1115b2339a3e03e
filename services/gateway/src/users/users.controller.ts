import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Put, Query, Res, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { ApiSuccess, AuthUser, MessageContext, UserSummary } from '@memories/contracts';
import { AuthThrottlerGuard } from '../auth/auth-throttler.guard';
import { ProfileUpdateRequestDto } from '../auth/auth-request.dto';
import { CurrentUserId } from '../auth/current-user-id.decorator';
import { RefreshCookie } from '../auth/refresh-cookie';
import { RequestContext } from '../http/request-context.decorator';
import { UserLookupThrottlerGuard } from './user-lookup-throttler.guard';
import { DeleteAccountBodyDto, UserEmailQueryDto, UserIdParams } from './users-request.dto';
import { EmptyAnswerDto, UserAnswerDto, UserListAnswerDto } from './users-response.dto';
import { UsersService } from './users.service';

const as = (context: MessageContext, userId: string) => ({ ...context, userId });

/** Spec section 7, "Users": decided in docs/decisions.md ("Accounts and sharing"). Every route needs an access token. */
@ApiTags('users')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No valid access token' })
@Controller('users')
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly cookie: RefreshCookie,
  ) {}

  @Get()
  @UseGuards(UserLookupThrottlerGuard)
  @ApiOperation({ summary: 'The user with exactly this e-mail address, to share with: a list of one, or empty (never a directory)' })
  @ApiOkResponse({ type: UserListAnswerDto })
  @ApiBadRequestResponse({ description: 'No e-mail address given' })
  @ApiTooManyRequestsResponse({ description: 'Too many look-ups by this user in the last minute' })
  findByEmail(@RequestContext() context: MessageContext, @CurrentUserId() userId: string, @Query() query: UserEmailQueryDto): Promise<ApiSuccess<UserSummary[]>> {
    return this.users.findByEmail(as(context, userId), query.email);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Yourself (your whole profile), or someone you share with or who shares with you (id, name, email, picture)' })
  @ApiOkResponse({ type: UserAnswerDto })
  @ApiNotFoundResponse({ description: 'Anyone else, whether or not the account exists' })
  get(@RequestContext() context: MessageContext, @CurrentUserId() userId: string, @Param() { id }: UserIdParams): Promise<ApiSuccess<AuthUser | UserSummary>> {
    return this.users.get(as(context, userId), id);
  }

  @Put(':id')
  @ApiOperation({ summary: 'Change your own name, phone number or profile picture (as PUT /auth/profile)' })
  @ApiOkResponse({ type: UserAnswerDto })
  @ApiBadRequestResponse({ description: 'A rule failed: the message names it' })
  @ApiNotFoundResponse({ description: 'Anyone but yourself' })
  update(
    @RequestContext() context: MessageContext,
    @CurrentUserId() userId: string,
    @Param() { id }: UserIdParams,
    @Body() body: ProfileUpdateRequestDto,
  ): Promise<ApiSuccess<AuthUser>> {
    return this.users.update(as(context, userId), id, body);
  }

  @Delete(':id')
  @HttpCode(HttpStatus.OK)
  @UseGuards(AuthThrottlerGuard)
  @ApiOperation({
    summary: 'Delete your own account with everything it owns (memories, images, shares, sessions) and sign out',
  })
  @ApiOkResponse({ type: EmptyAnswerDto })
  @ApiBadRequestResponse({ description: 'The password is wrong' })
  @ApiNotFoundResponse({ description: 'Anyone but yourself' })
  @ApiTooManyRequestsResponse({ description: 'Too many attempts from this address' })
  async delete(
    @RequestContext() context: MessageContext,
    @CurrentUserId() userId: string,
    @Param() { id }: UserIdParams,
    @Body() body: DeleteAccountBodyDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiSuccess<null>> {
    const answer = await this.users.delete(as(context, userId), id, body.password);
    this.cookie.clear(reply);
    return answer;
  }
}
