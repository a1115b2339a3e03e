import { Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ACCOUNT_SECURITY_MESSAGES, ACCOUNT_SECURITY_SUBJECTS, type AccountSession, type ApiSuccess, type MessageContext } from '@memories/contracts';
import { IdParams } from '@memories/account-security-dto';
import { BusClient } from '@memories/nest-common';
import { ok } from '../http/api-response.util';
import { RequestContext } from '../http/request-context.decorator';
import { AccountSessionDto } from './account-security-response.dto';
import { RefreshCookie } from './refresh-cookie';

/**
 * /api/auth/sessions: the signed-in devices of the account. Under /api/auth so the refresh cookie comes along and
 * the caller's own session can be told apart (and kept by "sign out all others").
 */
@ApiTags('sessions')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No valid access token' })
@Controller('auth/sessions')
export class AccountSessionsController {
  constructor(
    private readonly bus: BusClient,
    private readonly cookie: RefreshCookie,
  ) {}

  @Get()
  @ApiOperation({ summary: 'The account’s signed-in devices: browser, created, last used; the caller’s own is marked current' })
  @ApiOkResponse({ type: [AccountSessionDto] })
  async list(@RequestContext() context: MessageContext, @Req() request: FastifyRequest): Promise<ApiSuccess<AccountSession[]>> {
    return ok(await this.bus.request(ACCOUNT_SECURITY_SUBJECTS.listSessions, this.currentSession(request), context));
  }

  @Post('revoke-others')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Sign out every other device (all of them when the request carries no session cookie)' })
  @ApiOkResponse({ description: 'data.signedOut: how many sessions ended' })
  async revokeOthers(@RequestContext() context: MessageContext, @Req() request: FastifyRequest): Promise<ApiSuccess<{ signedOut: number }>> {
    const answer = await this.bus.request(ACCOUNT_SECURITY_SUBJECTS.revokeOtherSessions, this.currentSession(request), context);
    return ok(answer, { message: ACCOUNT_SECURITY_MESSAGES.otherSessionsRevoked });
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Sign out one device: it can no longer refresh (its access token lapses within 15 minutes)' })
  @ApiOkResponse({ description: 'data is null' })
  @ApiNotFoundResponse({ description: 'No active session of this account has this id' })
  async revoke(@Param() params: IdParams, @RequestContext() context: MessageContext): Promise<ApiSuccess<null>> {
    await this.bus.request(ACCOUNT_SECURITY_SUBJECTS.revokeSession, { sessionId: params.id }, context);
    return ok(null, { message: ACCOUNT_SECURITY_MESSAGES.sessionRevoked });
  }

  private currentSession(request: FastifyRequest): { refreshToken?: string } {
    const refreshToken = this.cookie.read(request);
    return refreshToken ? { refreshToken } : {};
  }
}
