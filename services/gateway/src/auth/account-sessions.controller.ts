import { Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import {
  ACCOUNT_SECURITY_ERROR_CODES,
  ACCOUNT_SECURITY_MESSAGES,
  ACCOUNT_SECURITY_SUBJECTS,
  type AccountSession,
  type ApiSuccess,
  type SignedOutSessions,
  type CallerContext,
} from '@memories/contracts';
import { IdParams } from '@memories/account-security-dto';
import { BusClient, PersonalAccessTokenVerifier } from '@memories/nest-common';
import { Caller } from '../http/caller.decorator';
import { ok } from '../http/api-response.util';
import { ApiRoute } from '../openapi/api-route.decorator';
import { AccountSessionDto, SignedOutSessionsDto } from './account-security-response.dto';
import { RefreshCookie } from './refresh-cookie';

/**
 * /api/auth/sessions: the signed-in devices of the account. Under /api/auth so the refresh cookie comes along and
 * the caller's own session can be told apart (and kept by "sign out all others").
 */
@ApiTags('sessions')
@Controller('auth/sessions')
export class AccountSessionsController {
  constructor(
    private readonly bus: BusClient,
    private readonly cookie: RefreshCookie,
    private readonly personalTokens: PersonalAccessTokenVerifier,
  ) {}

  @Get()
  @ApiRoute({
    summary: 'The account’s signed-in devices: browser, created, last used; the caller’s own is marked current',
    data: [AccountSessionDto],
    refreshCookie: 'optional',
  })
  async list(@Caller() caller: CallerContext, @Req() request: FastifyRequest): Promise<ApiSuccess<AccountSession[]>> {
    return ok(await this.bus.request(ACCOUNT_SECURITY_SUBJECTS.listSessions, this.currentSession(request), caller));
  }

  @Post('revoke-others')
  @HttpCode(HttpStatus.OK)
  @ApiRoute({
    summary: 'Sign out every other device (all of them when the request carries no session cookie) and end every token',
    data: SignedOutSessionsDto,
    refreshCookie: 'optional',
  })
  async revokeOthers(
    @Caller() caller: CallerContext,
    @Req() request: FastifyRequest,
  ): Promise<ApiSuccess<SignedOutSessions>> {
    const answer = await this.bus.request(
      ACCOUNT_SECURITY_SUBJECTS.revokeOtherSessions,
      this.currentSession(request),
      caller,
    );
    this.personalTokens.forget({ userId: caller.userId });
    return ok(answer, { message: ACCOUNT_SECURITY_MESSAGES.otherSessionsRevoked });
  }

  @Delete(':id')
  @ApiRoute({
    summary: 'Sign out one device: it can no longer refresh (its access token lapses within 15 minutes)',
    description: 'A session of another account, or one already ended, is 404.',
    data: null,
    errors: [ACCOUNT_SECURITY_ERROR_CODES.SESSION_NOT_FOUND],
  })
  async revoke(@Param() params: IdParams, @Caller() caller: CallerContext): Promise<ApiSuccess<null>> {
    await this.bus.request(ACCOUNT_SECURITY_SUBJECTS.revokeSession, { sessionId: params.id }, caller);
    return ok(null, { message: ACCOUNT_SECURITY_MESSAGES.sessionRevoked });
  }

  private currentSession(request: FastifyRequest): { refreshToken?: string } {
    const refreshToken = this.cookie.read(request);
    return refreshToken ? { refreshToken } : {};
  }
}
