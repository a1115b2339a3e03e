import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ACCOUNT_SECURITY_ERROR_CODES,
  ADMIN_ERROR_CODES,
  ACCOUNT_SECURITY_MESSAGES,
  ACCOUNT_SECURITY_SUBJECTS,
  AUTH_ERROR_CODES,
  type ApiSuccess,
  type AuthSession,
  type PasskeyCeremonyOptions,
  type PasskeySummary,
  type CallerContext,
} from '@memories/contracts';
import {
  IdParams,
  PasskeyLoginBodyDto,
  PasskeyRegistrationBodyDto,
  PasskeyRemovalBodyDto,
  PasswordConfirmationBodyDto,
} from '@memories/account-security-dto';
import { BusClient } from '@memories/nest-common';
import { Caller } from '../http/caller.decorator';
import { ok } from '../http/api-response.util';
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
  async authenticationOptions(@Caller() caller: CallerContext): Promise<ApiSuccess<PasskeyCeremonyOptions>> {
    return ok(await this.bus.request(ACCOUNT_SECURITY_SUBJECTS.passkeyAuthenticationOptions, {}, caller), {
      message: ACCOUNT_SECURITY_MESSAGES.passkeyOptionsReady,
    });
  }

  @CredentialPost('login/passkey')
  @ApiRoute({
    summary: 'Sign in with a passkey: the authenticator’s answer to the authentication options',
    description:
      'Answers like a login (access token, refresh cookie). User verification is required, so no password or code is asked.',
    data: AuthSessionDto,
    errors: [ACCOUNT_SECURITY_ERROR_CODES.PASSKEY_UNAUTHORIZED, ADMIN_ERROR_CODES.ACCOUNT_DISABLED],
    setsCookies: true,
  })
  async login(
    @Body() body: PasskeyLoginBodyDto,
    @Caller() caller: CallerContext,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiSuccess<AuthSession>> {
    const grant = await this.bus.request(
      ACCOUNT_SECURITY_SUBJECTS.loginPasskey,
      { ...body, ...sessionClientOf(request) },
      caller,
    );
    return this.sessions.signedIn(reply, grant);
  }

  @Get('passkeys')
  @ApiRoute({ summary: 'The passkeys of the signed-in user', data: [PasskeySummaryDto] })
  async list(@Caller() caller: CallerContext): Promise<ApiSuccess<PasskeySummary[]>> {
    return ok(await this.bus.request(ACCOUNT_SECURITY_SUBJECTS.listPasskeys, {}, caller));
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
    @Caller() caller: CallerContext,
  ): Promise<ApiSuccess<PasskeyCeremonyOptions>> {
    return ok(await this.bus.request(ACCOUNT_SECURITY_SUBJECTS.passkeyRegistrationOptions, body, caller), {
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
    @Caller() caller: CallerContext,
  ): Promise<ApiSuccess<PasskeySummary>> {
    return ok(await this.bus.request(ACCOUNT_SECURITY_SUBJECTS.registerPasskey, body, caller), {
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
    @Caller() caller: CallerContext,
  ): Promise<ApiSuccess<null>> {
    await this.bus.request(ACCOUNT_SECURITY_SUBJECTS.removePasskey, { ...body, passkeyId: params.id }, caller);
    return ok(null, { message: ACCOUNT_SECURITY_MESSAGES.passkeyRemoved });
  }
}
