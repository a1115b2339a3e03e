import { Body, Controller, Get, HttpCode, HttpStatus, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ACCOUNT_SECURITY_ERROR_CODES,
  ADMIN_ERROR_CODES,
  ACCOUNT_SECURITY_MESSAGES,
  ACCOUNT_SECURITY_SUBJECTS,
  AUTH_ERROR_CODES,
  SINGLE_SIGN_ON_ERROR_CODES,
  type ApiSuccess,
  type AuthSession,
  type RecoveryCodes,
  type TwoFactorSetup,
  type TwoFactorStatus,
  type CallerContext,
} from '@memories/contracts';
import {
  PasswordConfirmationBodyDto,
  TwoFactorCodeBodyDto,
  TwoFactorLoginBodyDto,
} from '@memories/account-security-dto';
import { BusClient } from '@memories/nest-common';
import { Caller } from '../http/caller.decorator';
import { ok } from '../http/api-response.util';
import { ApiRoute } from '../openapi/api-route.decorator';
import { RecoveryCodesDto, TwoFactorSetupDto, TwoFactorStatusDto } from './account-security-response.dto';
import { AuthSessionDto } from './auth-response.dto';
import { AuthThrottlerGuard } from './auth-throttler.guard';
import { CredentialPost, SessionAnswer } from './session-answer';
import { sessionClientOf } from './session-client';

const { TWO_FACTOR_CONFLICT, TWO_FACTOR_CODE_INVALID, TWO_FACTOR_SETUP_INVALID } = ACCOUNT_SECURITY_ERROR_CODES;

/** Two-factor sign-in (TOTP): the login's second step, and the settings of the signed-in user. */
@ApiTags('two-factor')
@Controller('auth')
export class TwoFactorController {
  constructor(
    private readonly bus: BusClient,
    private readonly sessions: SessionAnswer,
  ) {}

  @CredentialPost('login/two-factor')
  @ApiRoute({
    summary: 'The second login step: the challenge of POST /api/auth/login and a TOTP code or a recovery code',
    description:
      'Answers like a login (access token, refresh cookie). A code is accepted once: a TOTP code of an already used time step is refused. ' +
      'Also 429 after 5 codes for the account within 5 minutes, from any address.',
    data: AuthSessionDto,
    errors: [
      ACCOUNT_SECURITY_ERROR_CODES.TWO_FACTOR_CHALLENGE_UNAUTHORIZED,
      ACCOUNT_SECURITY_ERROR_CODES.TWO_FACTOR_CODE_UNAUTHORIZED,
      ACCOUNT_SECURITY_ERROR_CODES.TWO_FACTOR_RATE_LIMITED,
      SINGLE_SIGN_ON_ERROR_CODES.PASSWORD_LOGIN_FORBIDDEN,
      ADMIN_ERROR_CODES.ACCOUNT_DISABLED,
    ],
    setsCookies: true,
  })
  async login(
    @Body() body: TwoFactorLoginBodyDto,
    @Caller() caller: CallerContext,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiSuccess<AuthSession>> {
    const grant = await this.bus.request(
      ACCOUNT_SECURITY_SUBJECTS.loginTwoFactor,
      { ...body, ...sessionClientOf(request) },
      caller,
    );
    return this.sessions.signedIn(reply, grant);
  }

  @Get('two-factor')
  @ApiRoute({
    summary: 'Whether two-factor sign-in is on, and how many recovery codes are left',
    data: TwoFactorStatusDto,
  })
  async status(@Caller() caller: CallerContext): Promise<ApiSuccess<TwoFactorStatus>> {
    return ok(await this.bus.request(ACCOUNT_SECURITY_SUBJECTS.twoFactorStatus, {}, caller));
  }

  @Post('two-factor/setup')
  @HttpCode(HttpStatus.OK)
  @UseGuards(AuthThrottlerGuard)
  @ApiRoute({
    summary:
      'A new TOTP secret and its QR code, once the password is confirmed; nothing changes until POST /api/auth/two-factor/enable confirms a first code',
    data: TwoFactorSetupDto,
    errors: [
      AUTH_ERROR_CODES.CURRENT_PASSWORD_INVALID,
      ACCOUNT_SECURITY_ERROR_CODES.PASSWORD_CONFIRMATION_INVALID,
      TWO_FACTOR_CONFLICT,
    ],
  })
  async setup(
    @Body() body: PasswordConfirmationBodyDto,
    @Caller() caller: CallerContext,
  ): Promise<ApiSuccess<TwoFactorSetup>> {
    return ok(await this.bus.request(ACCOUNT_SECURITY_SUBJECTS.twoFactorSetup, body, caller), {
      message: ACCOUNT_SECURITY_MESSAGES.twoFactorSetupStarted,
    });
  }

  @Post('two-factor/enable')
  @HttpCode(HttpStatus.OK)
  @UseGuards(AuthThrottlerGuard)
  @ApiRoute({
    summary: 'Turn two-factor sign-in on with a first code from the app; answers the 10 recovery codes, once',
    data: RecoveryCodesDto,
    errors: [TWO_FACTOR_CODE_INVALID, TWO_FACTOR_SETUP_INVALID, TWO_FACTOR_CONFLICT],
  })
  async enable(
    @Body() body: TwoFactorCodeBodyDto,
    @Caller() caller: CallerContext,
  ): Promise<ApiSuccess<RecoveryCodes>> {
    return ok(await this.bus.request(ACCOUNT_SECURITY_SUBJECTS.twoFactorEnable, body, caller), {
      message: ACCOUNT_SECURITY_MESSAGES.twoFactorEnabled,
    });
  }

  @Post('two-factor/disable')
  @HttpCode(HttpStatus.OK)
  @UseGuards(AuthThrottlerGuard)
  @ApiRoute({
    summary: 'Turn two-factor sign-in off (needs the password); the secret and the recovery codes are deleted',
    data: TwoFactorStatusDto,
    errors: [
      AUTH_ERROR_CODES.CURRENT_PASSWORD_INVALID,
      ACCOUNT_SECURITY_ERROR_CODES.PASSWORD_CONFIRMATION_INVALID,
      TWO_FACTOR_CONFLICT,
    ],
  })
  async disable(
    @Body() body: PasswordConfirmationBodyDto,
    @Caller() caller: CallerContext,
  ): Promise<ApiSuccess<TwoFactorStatus>> {
    return ok(await this.bus.request(ACCOUNT_SECURITY_SUBJECTS.twoFactorDisable, body, caller), {
      message: ACCOUNT_SECURITY_MESSAGES.twoFactorDisabled,
    });
  }

  @Post('two-factor/recovery-codes')
  @HttpCode(HttpStatus.OK)
  @UseGuards(AuthThrottlerGuard)
  @ApiRoute({
    summary: 'Replace the recovery codes (needs the password); the old ones stop working',
    data: RecoveryCodesDto,
    errors: [
      AUTH_ERROR_CODES.CURRENT_PASSWORD_INVALID,
      ACCOUNT_SECURITY_ERROR_CODES.PASSWORD_CONFIRMATION_INVALID,
      TWO_FACTOR_CONFLICT,
    ],
  })
  async replaceRecoveryCodes(
    @Body() body: PasswordConfirmationBodyDto,
    @Caller() caller: CallerContext,
  ): Promise<ApiSuccess<RecoveryCodes>> {
    const answer = await this.bus.request(ACCOUNT_SECURITY_SUBJECTS.recoveryCodesReplace, body, caller);
    return ok(answer, { message: ACCOUNT_SECURITY_MESSAGES.recoveryCodesReplaced });
  }
}
