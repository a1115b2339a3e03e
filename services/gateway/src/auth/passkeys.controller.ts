import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ACCOUNT_SECURITY_MESSAGES,
  ACCOUNT_SECURITY_SUBJECTS,
  type ApiSuccess,
  type AuthSession,
  type MessageContext,
  type PasskeyCeremonyOptions,
  type PasskeySummary,
} from '@memories/contracts';
import { IdParams, PasskeyLoginBodyDto, PasskeyRegistrationBodyDto, PasskeyRemovalBodyDto } from '@memories/account-security-dto';
import { BusClient } from '@memories/nest-common';
import { ok } from '../http/api-response.util';
import { RequestContext } from '../http/request-context.decorator';
import { PasskeyCeremonyOptionsDto, PasskeySummaryDto } from './account-security-response.dto';
import { AuthThrottlerGuard } from './auth-throttler.guard';
import { CredentialPost, SessionAnswer } from './session-answer';
import { sessionClientOf } from './session-client';

/** Passkeys (WebAuthn): sign in with one instead of the password, and the signed-in user's list of them. */
@ApiTags('passkeys')
@Controller('auth')
export class PasskeysController {
  constructor(
    private readonly bus: BusClient,
    private readonly sessions: SessionAnswer,
  ) {}

  @CredentialPost('passkeys/authentication-options')
  @ApiOperation({ summary: 'Options for navigator.credentials.get() with a single-use challenge (valid 5 minutes)' })
  @ApiOkResponse({ type: PasskeyCeremonyOptionsDto })
  async authenticationOptions(@RequestContext() context: MessageContext): Promise<ApiSuccess<PasskeyCeremonyOptions>> {
    return ok(await this.bus.request(ACCOUNT_SECURITY_SUBJECTS.passkeyAuthenticationOptions, {}, context), {
      message: ACCOUNT_SECURITY_MESSAGES.passkeyOptionsReady,
    });
  }

  @CredentialPost('login/passkey')
  @ApiOperation({
    summary: 'Sign in with a passkey: the authenticator’s answer to the authentication options',
    description: 'Answers like a login (access token, refresh cookie). User verification is required, so no password or code is asked.',
  })
  @ApiUnauthorizedResponse({ description: 'Unknown passkey, used or expired challenge, or an answer that does not verify' })
  async login(
    @Body() body: PasskeyLoginBodyDto,
    @RequestContext() context: MessageContext,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiSuccess<AuthSession>> {
    const grant = await this.bus.request(ACCOUNT_SECURITY_SUBJECTS.loginPasskey, { ...body, ...sessionClientOf(request) }, context);
    return this.sessions.signedIn(reply, grant);
  }

  @Get('passkeys')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'The passkeys of the signed-in user' })
  @ApiOkResponse({ type: [PasskeySummaryDto] })
  async list(@RequestContext() context: MessageContext): Promise<ApiSuccess<PasskeySummary[]>> {
    return ok(await this.bus.request(ACCOUNT_SECURITY_SUBJECTS.listPasskeys, {}, context));
  }

  @Post('passkeys/registration-options')
  @HttpCode(HttpStatus.OK)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Options for navigator.credentials.create() with a single-use challenge (valid 5 minutes)' })
  @ApiOkResponse({ type: PasskeyCeremonyOptionsDto })
  @ApiConflictResponse({ description: 'The account has 20 passkeys already' })
  async registrationOptions(@RequestContext() context: MessageContext): Promise<ApiSuccess<PasskeyCeremonyOptions>> {
    return ok(await this.bus.request(ACCOUNT_SECURITY_SUBJECTS.passkeyRegistrationOptions, {}, context), {
      message: ACCOUNT_SECURITY_MESSAGES.passkeyOptionsReady,
    });
  }

  @Post('passkeys')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Add a passkey: the authenticator’s answer to the registration options' })
  @ApiCreatedResponse({ type: PasskeySummaryDto })
  @ApiBadRequestResponse({ description: 'The answer does not verify for this challenge and origin, or the passkey is already registered' })
  async register(@Body() body: PasskeyRegistrationBodyDto, @RequestContext() context: MessageContext): Promise<ApiSuccess<PasskeySummary>> {
    return ok(await this.bus.request(ACCOUNT_SECURITY_SUBJECTS.registerPasskey, body, context), { message: ACCOUNT_SECURITY_MESSAGES.passkeyAdded });
  }

  @Delete('passkeys/:id')
  @UseGuards(AuthThrottlerGuard)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Remove a passkey; removing the last one needs the password in the body' })
  @ApiOkResponse({ description: 'data is null' })
  @ApiBadRequestResponse({ description: 'The last passkey without the password, or a wrong password' })
  @ApiNotFoundResponse({ description: 'The account has no passkey with this id' })
  async remove(@Param() params: IdParams, @Body() body: PasskeyRemovalBodyDto, @RequestContext() context: MessageContext): Promise<ApiSuccess<null>> {
    await this.bus.request(ACCOUNT_SECURITY_SUBJECTS.removePasskey, { ...body, passkeyId: params.id }, context);
    return ok(null, { message: ACCOUNT_SECURITY_MESSAGES.passkeyRemoved });
  }
}
