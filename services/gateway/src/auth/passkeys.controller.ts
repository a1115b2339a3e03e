import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ACCOUNT_SECURITY_ERROR_CODES,
  ACCOUNT_SECURITY_MESSAGES,
  ACCOUNT_SECURITY_SUBJECTS,
  AUTH_ERROR_CODES,
  type ApiSuccess,
  type AuthSession,
  type MessageContext,
  type PasskeyCeremonyOptions,
  type PasskeySummary,
} from '@memories/contracts';
import {
  IdParams,
  PasskeyLoginBodyDto,
  PasskeyRegistrationBodyDto,
  PasskeyRemovalBodyDto,
  PasswordConfirmationBodyDto,
} from '@memories/account-security-dto';
import { BusClient } from '@memories/nest-common';
import { ok } from '../http/api-response.util';
import { RequestContext } from '../http/request-context.decorator';
import { ApiRoute } from '../openapi/api-route.decorator';
import { PasskeyCeremonyOptionsDto, PasskeySummaryDto } from './account-security-response.dto';
import { AuthSessionDto } from './auth-response.dto';
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
  @ApiRoute({
    summary: 'Options for navigator.credentials.get() with a single-use challenge (valid 5 minutes)',
    data: PasskeyCeremonyOptionsDto,
  })
  async authenticationOptions(@RequestContext() context: MessageContext): Promise<ApiSuccess<PasskeyCeremonyOptions>> {
    return ok(await this.bus.request(ACCOUNT_SECURITY_SUBJECTS.passkeyAuthenticationOptions, {}, context), {
      message: ACCOUNT_SECURITY_MESSAGES.passkeyOptionsReady,
    });
  }

  @CredentialPost('login/passkey')
  @ApiRoute({
    summary: 'Sign in with a passkey: the authenticator’s answer to the authentication options',
    description:
      'Answers like a login (access token, refresh cookie). User verification is required, so no password or code is asked.',
    data: AuthSessionDto,
    errors: [ACCOUNT_SECURITY_ERROR_CODES.PASSKEY_UNAUTHORIZED],
    setsCookies: true,
  })
  async login(
    @Body() body: PasskeyLoginBodyDto,
    @RequestContext() context: MessageContext,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiSuccess<AuthSession>> {
    const grant = await this.bus.request(
      ACCOUNT_SECURITY_SUBJECTS.loginPasskey,
      { ...body, ...sessionClientOf(request) },
      context,
    );
    return this.sessions.signedIn(reply, grant);
  }

  @Get('passkeys')
  @ApiRoute({ summary: 'The passkeys of the signed-in user', data: [PasskeySummaryDto] })
  async list(@RequestContext() context: MessageContext): Promise<ApiSuccess<PasskeySummary[]>> {
    return ok(await this.bus.request(ACCOUNT_SECURITY_SUBJECTS.listPasskeys, {}, context));
  }

  @Post('passkeys/registration-options')
  @HttpCode(HttpStatus.OK)
  @UseGuards(AuthThrottlerGuard)
  @ApiRoute({
    summary: 'Options for navigator.credentials.create() with a single-use challenge (valid 5 minutes)',
    description: 'A passkey signs in without the password: adding one asks for the password first.',
    data: PasskeyCeremonyOptionsDto,
    errors: [
      ACCOUNT_SECURITY_ERROR_CODES.PASSKEY_LIMIT_CONFLICT,
      ACCOUNT_SECURITY_ERROR_CODES.PASSWORD_CONFIRMATION_INVALID,
      AUTH_ERROR_CODES.CURRENT_PASSWORD_INVALID,
    ],
  })
  async registrationOptions(
    @Body() body: PasswordConfirmationBodyDto,
    @RequestContext() context: MessageContext,
  ): Promise<ApiSuccess<PasskeyCeremonyOptions>> {
    return ok(await this.bus.request(ACCOUNT_SECURITY_SUBJECTS.passkeyRegistrationOptions, body, context), {
      message: ACCOUNT_SECURITY_MESSAGES.passkeyOptionsReady,
    });
  }

  @Post('passkeys')
  @ApiRoute({
    summary: 'Add a passkey: the authenticator’s answer to the registration options',
    description:
      'An answer that does not verify for this challenge and origin, or a passkey registered already, is 400.',
    data: PasskeySummaryDto,
    errors: [ACCOUNT_SECURITY_ERROR_CODES.PASSKEY_REGISTRATION_INVALID],
  })
  async register(
    @Body() body: PasskeyRegistrationBodyDto,
    @RequestContext() context: MessageContext,
  ): Promise<ApiSuccess<PasskeySummary>> {
    return ok(await this.bus.request(ACCOUNT_SECURITY_SUBJECTS.registerPasskey, body, context), {
      message: ACCOUNT_SECURITY_MESSAGES.passkeyAdded,
    });
  }

  @Delete('passkeys/:id')
  @UseGuards(AuthThrottlerGuard)
  @ApiRoute({
    summary: 'Remove a passkey; removing the last one needs the password in the body',
    data: null,
    errors: [
      ACCOUNT_SECURITY_ERROR_CODES.PASSKEY_NOT_FOUND,
      ACCOUNT_SECURITY_ERROR_CODES.PASSWORD_CONFIRMATION_INVALID,
      AUTH_ERROR_CODES.CURRENT_PASSWORD_INVALID,
    ],
  })
  async remove(
    @Param() params: IdParams,
    @Body() body: PasskeyRemovalBodyDto,
    @RequestContext() context: MessageContext,
  ): Promise<ApiSuccess<null>> {
    await this.bus.request(ACCOUNT_SECURITY_SUBJECTS.removePasskey, { ...body, passkeyId: params.id }, context);
    return ok(null, { message: ACCOUNT_SECURITY_MESSAGES.passkeyRemoved });
  }
}
