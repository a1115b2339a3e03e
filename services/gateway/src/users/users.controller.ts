import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Put, Query, Res, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  AUTH_ERROR_CODES,
  USER_ERROR_CODES,
  type ApiSuccess,
  type AuthUser,
  type UserSummary,
  type CallerContext,
} from '@memories/contracts';
import { UserSummaryDto } from '@memories/memory-dto';
import { PersonalAccessTokenVerifier } from '@memories/nest-common';
import { Caller } from '../http/caller.decorator';
import { AuthThrottlerGuard } from '../auth/auth-throttler.guard';
import { ProfileUpdateRequestDto } from '../auth/auth-request.dto';
import { AuthUserDto } from '../auth/auth-response.dto';
import { RefreshCookie } from '../auth/refresh-cookie';
import { ApiRoute } from '../openapi/api-route.decorator';
import { DeleteAccountBodyDto, UserEmailQueryDto, UserIdParams } from './users-request.dto';
import { UsersService } from './users.service';

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
  @ApiRoute({
    summary: 'The user with exactly this e-mail address, to share with',
    description:
      'A list of one, or empty: never a directory, never a prefix or partial match. Limited per signed-in user and minute ' +
      '(AUTH_RATE_LIMIT_PER_MINUTE, counted by the auth service across replicas and with an import’s restored shares). ' +
      'Where addresses must be confirmed (SMTP configured, or REQUIRE_VERIFIED_EMAIL), an unconfirmed one is not found.',
    data: [UserSummaryDto],
    errors: [USER_ERROR_CODES.USER_LOOKUP_RATE_LIMITED],
  })
  findByEmail(@Caller() caller: CallerContext, @Query() query: UserEmailQueryDto): Promise<ApiSuccess<UserSummary[]>> {
    return this.users.findByEmail(caller, query.email);
  }

  @Get(':id')
  @ApiRoute({
    summary: 'Yourself, or someone you share with or who shares with you: id, name, e-mail and picture',
    description: 'Anyone else is a 404, whether or not the account exists. Your whole profile is GET /auth/profile.',
    data: UserSummaryDto,
    errors: [USER_ERROR_CODES.USER_NOT_FOUND],
  })
  get(@Caller() caller: CallerContext, @Param() { id }: UserIdParams): Promise<ApiSuccess<UserSummary>> {
    return this.users.get(caller, id);
  }

  @Put(':id')
  @ApiRoute({
    summary: 'Change your own name, phone number or picture (as PUT /auth/profile)',
    description: 'Anyone but yourself is a 404.',
    data: AuthUserDto,
    errors: [USER_ERROR_CODES.USER_NOT_FOUND, AUTH_ERROR_CODES.ACCESS_TOKEN_UNAUTHORIZED],
  })
  update(
    @Caller() caller: CallerContext,
    @Param() { id }: UserIdParams,
    @Body() body: ProfileUpdateRequestDto,
  ): Promise<ApiSuccess<AuthUser>> {
    return this.users.update(caller, id, body);
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
    @Caller() caller: CallerContext,
    @Param() { id }: UserIdParams,
    @Body() body: DeleteAccountBodyDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiSuccess<null>> {
    const answer = await this.users.delete(caller, id, body.password);
    // Its tokens went with the account's row: none may keep answering from this gateway's memory.
    this.personalTokens.forget({ userId: caller.userId });
    this.cookie.clear(reply);
    return answer;
  }
}
