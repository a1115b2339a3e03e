import { Body, Controller, Get, HttpCode, HttpStatus, Post, Req, Res, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ACCOUNT_SECURITY_MESSAGES,
  ACCOUNT_SECURITY_SUBJECTS,
  type ApiSuccess,
  type AuthSession,
  type MessageContext,
  type RecoveryCodes,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@memories/contracts';
import { PasswordConfirmationBodyDto, TwoFactorCodeBodyDto, TwoFactorLoginBodyDto } from '@memories/account-security-dto';
import { BusClient } from '@memories/nest-common';
import { ok } from '../http/api-response.util';
import { RequestContext } from '../http/request-context.decorator';
import { RecoveryCodesDto, TwoFactorSetupDto, TwoFactorStatusDto } from './account-security-response.dto';
import { AuthThrottlerGuard } from './auth-throttler.guard';
import { CredentialPost, SessionAnswer } from './session-answer';
import { sessionClientOf } from './session-client';

/** Two-factor sign-in (TOTP): the login's second step, and the settings of the signed-in user. */
@ApiTags('two-factor')
@Controller('auth')
export class TwoFactorController {
  constructor(
    private readonly bus: BusClient,
    private readonly sessions: SessionAnswer,
  ) {}

  @CredentialPost('login/two-factor')
  @ApiOperation({
    summary: 'The second login step: the challenge of POST /auth/login and a TOTP code or a recovery code',
    description: 'Answers like a login (access token, refresh cookie). A code is accepted once: a TOTP code of an already used time step is refused.',
  })
  @ApiUnauthorizedResponse({ description: 'The challenge is invalid or expired, or the code is wrong or already used' })
  @ApiTooManyRequestsResponse({ description: 'Also after 5 codes for this account within 5 minutes, from any address' })
  async login(
    @Body() body: TwoFactorLoginBodyDto,
    @RequestContext() context: MessageContext,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiSuccess<AuthSession>> {
    const grant = await this.bus.request(ACCOUNT_SECURITY_SUBJECTS.loginTwoFactor, { ...body, ...sessionClientOf(request) }, context);
    return this.sessions.signedIn(reply, grant);
  }

  @Get('two-factor')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Whether two-factor sign-in is on, and how many recovery codes are left' })
  @ApiOkResponse({ type: TwoFactorStatusDto })
  async status(@RequestContext() context: MessageContext): Promise<ApiSuccess<TwoFactorStatus>> {
    return ok(await this.bus.request(ACCOUNT_SECURITY_SUBJECTS.twoFactorStatus, {}, context));
  }

  @Post('two-factor/setup')
  @HttpCode(HttpStatus.OK)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'A new TOTP secret and its QR code; nothing changes until POST /auth/two-factor/enable confirms a first code' })
  @ApiOkResponse({ type: TwoFactorSetupDto })
  @ApiConflictResponse({ description: 'Two-factor sign-in is already on' })
  async setup(@RequestContext() context: MessageContext): Promise<ApiSuccess<TwoFactorSetup>> {
    return ok(await this.bus.request(ACCOUNT_SECURITY_SUBJECTS.twoFactorSetup, {}, context), { message: ACCOUNT_SECURITY_MESSAGES.twoFactorSetupStarted });
  }

  @Post('two-factor/enable')
  @HttpCode(HttpStatus.OK)
  @UseGuards(AuthThrottlerGuard)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Turn two-factor sign-in on with a first code from the app; answers the 10 recovery codes, once' })
  @ApiOkResponse({ type: RecoveryCodesDto })
  @ApiBadRequestResponse({ description: 'The code is wrong, or no set-up is waiting' })
  @ApiConflictResponse({ description: 'Two-factor sign-in is already on' })
  async enable(@Body() body: TwoFactorCodeBodyDto, @RequestContext() context: MessageContext): Promise<ApiSuccess<RecoveryCodes>> {
    return ok(await this.bus.request(ACCOUNT_SECURITY_SUBJECTS.twoFactorEnable, body, context), { message: ACCOUNT_SECURITY_MESSAGES.twoFactorEnabled });
  }

  @Post('two-factor/disable')
  @HttpCode(HttpStatus.OK)
  @UseGuards(AuthThrottlerGuard)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Turn two-factor sign-in off (needs the password); the secret and the recovery codes are deleted' })
  @ApiOkResponse({ type: TwoFactorStatusDto })
  @ApiBadRequestResponse({ description: 'The password is wrong' })
  @ApiConflictResponse({ description: 'Two-factor sign-in is not on' })
  async disable(@Body() body: PasswordConfirmationBodyDto, @RequestContext() context: MessageContext): Promise<ApiSuccess<TwoFactorStatus>> {
    return ok(await this.bus.request(ACCOUNT_SECURITY_SUBJECTS.twoFactorDisable, body, context), { message: ACCOUNT_SECURITY_MESSAGES.twoFactorDisabled });
  }

  @Post('two-factor/recovery-codes')
  @HttpCode(HttpStatus.OK)
  @UseGuards(AuthThrottlerGuard)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Replace the recovery codes (needs the password); the old ones stop working' })
  @ApiOkResponse({ type: RecoveryCodesDto })
  @ApiBadRequestResponse({ description: 'The password is wrong' })
  @ApiConflictResponse({ description: 'Two-factor sign-in is not on' })
  async replaceRecoveryCodes(@Body() body: PasswordConfirmationBodyDto, @RequestContext() context: MessageContext): Promise<ApiSuccess<RecoveryCodes>> {
    const answer = await this.bus.request(ACCOUNT_SECURITY_SUBJECTS.recoveryCodesReplace, body, context);
    return ok(answer, { message: ACCOUNT_SECURITY_MESSAGES.recoveryCodesReplaced });
  }
}
