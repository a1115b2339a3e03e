import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Put, Query, Res, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  AUTH_ERROR_CODES,
  USER_ERROR_CODES,
  type ApiSuccess,
  type AuthUser,
  type MessageContext,
  type UserSummary,
} from '@memories/contracts';
import { UserSummaryDto } from '@memories/memory-dto';
import { PersonalAccessTokenVerifier } from '@memories/nest-common';
import { AuthThrottlerGuard } from '../auth/auth-throttler.guard';
import { ProfileUpdateRequestDto } from '../auth/auth-request.dto';
import { AuthUserDto } from '../auth/auth-response.dto';
import { CurrentUserId } from '../auth/current-user-id.decorator';
import { RefreshCookie } from '../auth/refresh-cookie';
import { RequestContext } from '../http/request-context.decorator';
import { ApiRoute } from '../openapi/api-route.decorator';
import { UserLookupThrottlerGuard } from './user-lookup-throttler.guard';
import { DeleteAccountBodyDto, UserEmailQueryDto, UserIdParams } from './users-request.dto';
import { UsersService } from './users.service';

const as = (context: MessageContext, userId: string) => ({ ...context, userId });

/** Spec section 7, "Users", as a private journal needs it (docs/decisions.md, "Accounts and sharing"). */
@ApiTags('users')
@Controller('users')
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly cookie: RefreshCookie,
    private readonly personalTokens: PersonalAccessTokenVerifier,
  ) {}

  @Get()
  @UseGuards(UserLookupThrottlerGuard)
  @ApiRoute({
    summary: 'The user with exactly this e-mail address, to share with',
    description:
      'A list of one, or empty: never a directory, never a prefix or partial match. Limited per signed-in user and minute.',
    data: [UserSummaryDto],
  })
  findByEmail(
    @RequestContext() context: MessageContext,
    @CurrentUserId() userId: string,
    @Query() query: UserEmailQueryDto,
  ): Promise<ApiSuccess<UserSummary[]>> {
    return this.users.findByEmail(as(context, userId), query.email);
  }

  @Get(':id')
  @ApiRoute({
    summary: 'Yourself, or someone you share with or who shares with you: id, name, e-mail and picture',
    description: 'Anyone else is a 404, whether or not the account exists. Your whole profile is GET /auth/profile.',
    data: UserSummaryDto,
    errors: [USER_ERROR_CODES.USER_NOT_FOUND],
  })
  get(
    @RequestContext() context: MessageContext,
    @CurrentUserId() userId: string,
    @Param() { id }: UserIdParams,
  ): Promise<ApiSuccess<UserSummary>> {
    return this.users.get(as(context, userId), id);
  }

  @Put(':id')
  @ApiRoute({
    summary: 'Change your own name, phone number or picture (as PUT /auth/profile)',
    description: 'Anyone but yourself is a 404.',
    data: AuthUserDto,
    errors: [USER_ERROR_CODES.USER_NOT_FOUND, AUTH_ERROR_CODES.ACCESS_TOKEN_UNAUTHORIZED],
  })
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
  @ApiRoute({
    summary: 'Delete your own account and everything it owns, and sign out',
    description:
      'Memories, images, profile picture, shares both ways and sessions go; the password is asked again. Anyone but yourself is a 404.',
    data: null,
    errors: [
      USER_ERROR_CODES.USER_NOT_FOUND,
      USER_ERROR_CODES.ACCOUNT_PASSWORD_INVALID,
      AUTH_ERROR_CODES.ACCESS_TOKEN_UNAUTHORIZED,
    ],
    setsCookies: true,
  })
  async delete(
    @RequestContext() context: MessageContext,
    @CurrentUserId() userId: string,
    @Param() { id }: UserIdParams,
    @Body() body: DeleteAccountBodyDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiSuccess<null>> {
    const answer = await this.users.delete(as(context, userId), id, body.password);
    // Its tokens went with the account's row: none may keep answering from this gateway's memory.
    this.personalTokens.forget({ userId });
    this.cookie.clear(reply);
    return answer;
  }
}
