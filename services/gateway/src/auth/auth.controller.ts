import { Body, Controller, Get, HttpCode, HttpStatus, Post, Put, Req, Res, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ACCOUNT_SECURITY_MESSAGES,
  ADMIN_ERROR_CODES,
  AUTH_ERROR_CODES,
  AUTH_MESSAGES,
  SINGLE_SIGN_ON_ERROR_CODES,
  SUBJECTS,
  isTwoFactorChallenge,
  type ApiSuccess,
  type AuthSession,
  type AuthUser,
  type LoggedOut,
  type LoginAnswer,
  type SignedOutSessions,
  type MessageContext,
  type CallerContext,
} from '@memories/contracts';
import { ChangePasswordBodyDto, ResetPasswordBodyDto } from '@memories/account-security-dto';
import { BusClient, Public } from '@memories/nest-common';
import { Caller } from '../http/caller.decorator';
import { ok } from '../http/api-response.util';
import { ApiRoute } from '../openapi/api-route.decorator';
import {
  EmailRequestDto,
  LoginRequestDto,
  ProfileUpdateRequestDto,
  RegisterRequestDto,
  TokenRequestDto,
} from './auth-request.dto';
import { SignedOutSessionsDto, TwoFactorChallengeDto } from './account-security-response.dto';
import { AuthSessionDto, AuthUserDto } from './auth-response.dto';
import { AuthThrottlerGuard } from './auth-throttler.guard';
import { LoggedOutDto } from './single-sign-on-response.dto';
import { ProfileUpdater } from '../users/profile-updater';
import { ClientHeaderGuard } from './client-header.guard';
import { RefreshCookie } from './refresh-cookie';
import { SessionAnswer, toSession } from './session-answer';
import { sessionClientOf } from './session-client';

/** /api/auth: the auth service's operations over the bus, plus the refresh cookie, which only the gateway handles. */
@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly bus: BusClient,
    private readonly cookie: RefreshCookie,
    private readonly profiles: ProfileUpdater,
    private readonly sessions: SessionAnswer,
  ) {}

  @Public()
  @Post('register')
  @UseGuards(AuthThrottlerGuard)
  @ApiRoute({
    summary: 'Create an account (sends an e-mail verification link)',
    description:
      'A failed registration rule answers 400 with that rule’s message; an e-mail address taken in any letter case answers 409. ' +
      'Unless sign-up is open (GET /api/auth/sign-up), it needs an inviteToken: without a usable one, 403 SIGNUP_CLOSED. ' +
      'The first account of an instance becomes its admin.',
    data: AuthUserDto,
    errors: [
      AUTH_ERROR_CODES.USER_ALREADY_EXISTS,
      ADMIN_ERROR_CODES.SIGNUP_CLOSED,
      SINGLE_SIGN_ON_ERROR_CODES.PASSWORD_LOGIN_FORBIDDEN,
    ],
  })
  async register(@Body() body: RegisterRequestDto, @Caller() caller: MessageContext): Promise<ApiSuccess<AuthUser>> {
    return ok(await this.bus.request(SUBJECTS.auth.register, body, caller), { message: AUTH_MESSAGES.registered });
  }

  @Public()
  @Post('login')
  @HttpCode(HttpStatus.OK)
  @UseGuards(AuthThrottlerGuard)
  @ApiRoute({
    summary: 'Sign in: access token in the body, refresh token in an HttpOnly cookie',
    description:
      'An unknown e-mail and a wrong password get the same 401. rememberMe: true keeps the refresh cookie for 30 days. ' +
      'With two-factor sign-in on, the answer is a challenge for POST /api/auth/login/two-factor instead, and no cookie is set.',
    data: { oneOf: [AuthSessionDto, TwoFactorChallengeDto] },
    errors: [
      AUTH_ERROR_CODES.CREDENTIALS_UNAUTHORIZED,
      ADMIN_ERROR_CODES.ACCOUNT_DISABLED,
      SINGLE_SIGN_ON_ERROR_CODES.PASSWORD_LOGIN_FORBIDDEN,
    ],
    setsCookies: true,
  })
  async login(
    @Body() body: LoginRequestDto,
    @Caller() caller: MessageContext,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiSuccess<LoginAnswer>> {
    const outcome = await this.bus.request(SUBJECTS.auth.login, { ...body, ...sessionClientOf(request) }, caller);
    if (isTwoFactorChallenge(outcome)) return ok(outcome, { message: ACCOUNT_SECURITY_MESSAGES.twoFactorRequired });
    return this.sessions.signedIn(reply, outcome);
  }

  @Public()
  @Post('refresh')
  @HttpCode(HttpStatus.OK)
  @UseGuards(ClientHeaderGuard)
  @ApiRoute({
    summary: 'New access token from the refresh cookie, which is rotated',
    description:
      'No, expired, revoked or replayed refresh token: 401, and the cookie is cleared (a replay revokes the whole session).',
    data: AuthSessionDto,
    errors: [AUTH_ERROR_CODES.SESSION_UNAUTHORIZED],
    refreshCookie: 'required',
    setsCookies: true,
  })
  async refresh(
    @Caller() caller: MessageContext,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiSuccess<AuthSession>> {
    const refreshToken = this.cookie.read(request);
    try {
      const grant = await this.bus.request(
        SUBJECTS.auth.refresh,
        { refreshToken: refreshToken ?? '', ...sessionClientOf(request) },
        caller,
      );
      this.cookie.set(reply, grant);
      return ok(toSession(grant));
    } catch (error) {
      // A refused refresh token is useless to the browser: drop it.
      this.cookie.clear(reply);
      throw error;
    }
  }

  @Public()
  @Post('logout')
  @HttpCode(HttpStatus.OK)
  @ApiRoute({
    summary: 'Revoke the session of the refresh cookie (if any) and clear the cookies',
    description:
      'Answers 200 with or without a session. data is null, or (OIDC_LOGOUT=true, a session that single sign-on ' +
      "started) the provider's logout URL, where the browser goes next to sign out there too.",
    data: LoggedOutDto,
    nullable: true,
    refreshCookie: 'optional',
    setsCookies: true,
  })
  async logout(
    @Caller() caller: MessageContext,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiSuccess<LoggedOut | null>> {
    const refreshToken = this.cookie.read(request);
    const result = await this.bus.request(SUBJECTS.auth.logout, refreshToken ? { refreshToken } : {}, caller);
    this.cookie.clear(reply);
    const data = result.endSessionUrl ? { endSessionUrl: result.endSessionUrl } : null;
    return ok(data, { message: AUTH_MESSAGES.loggedOut });
  }

  @Get('profile')
  @ApiRoute({ summary: 'The signed-in user', data: AuthUserDto })
  async getProfile(@Caller() caller: CallerContext): Promise<ApiSuccess<AuthUser>> {
    return ok(await this.bus.request(SUBJECTS.auth.getProfile, {}, caller));
  }

  @Put('profile')
  @ApiRoute({
    summary: 'Change name, phone number or profile picture',
    description:
      'Leaving a field out keeps it; null clears the phone number or picture. The picture must be a file the user uploaded; the one it replaces is deleted.',
    data: AuthUserDto,
  })
  async updateProfile(
    @Body() body: ProfileUpdateRequestDto,
    @Caller() caller: CallerContext,
  ): Promise<ApiSuccess<AuthUser>> {
    return ok(await this.profiles.update(caller, body), { message: AUTH_MESSAGES.profileUpdated });
  }

  @Put('change-password')
  @UseGuards(AuthThrottlerGuard)
  @ApiRoute({
    summary:
      'Change the password: keeps the session of this browser (its refresh cookie) and signs out every other one',
    description:
      'A wrong current password is 400, not 401 (a 401 would sign the web client out). data.signedOut: how many other sessions ended.',
    data: SignedOutSessionsDto,
    errors: [AUTH_ERROR_CODES.CURRENT_PASSWORD_INVALID],
    refreshCookie: 'optional',
  })
  async changePassword(
    @Body() body: ChangePasswordBodyDto,
    @Caller() caller: CallerContext,
    @Req() request: FastifyRequest,
  ): Promise<ApiSuccess<SignedOutSessions>> {
    const refreshToken = this.cookie.read(request);
    const answer = await this.bus.request(
      SUBJECTS.auth.changePassword,
      refreshToken ? { ...body, refreshToken } : body,
      caller,
    );
    return ok(answer, { message: AUTH_MESSAGES.passwordChanged });
  }

  @Public()
  @Post('forgot-password')
  @HttpCode(HttpStatus.OK)
  @UseGuards(AuthThrottlerGuard)
  @ApiRoute({
    summary: 'E-mail a single-use password reset link (valid 30 minutes); the same answer for any address',
    description:
      'Without SMTP_URL the e-mail is a file in the mail outbox (MAIL_OUTBOX_DIR, `DATA_DIR/mail-outbox` in ' +
      '`npm start`), never in the log; `npm run reset-password -- <email>` prints a link too.',
    data: null,
    errors: [SINGLE_SIGN_ON_ERROR_CODES.PASSWORD_LOGIN_FORBIDDEN],
  })
  async forgotPassword(@Body() body: EmailRequestDto, @Caller() caller: MessageContext): Promise<ApiSuccess<null>> {
    await this.bus.request(SUBJECTS.auth.forgotPassword, body, caller);
    return ok(null, { message: AUTH_MESSAGES.resetRequested });
  }

  @Public()
  @Post('reset-password')
  @HttpCode(HttpStatus.OK)
  @UseGuards(AuthThrottlerGuard)
  @ApiRoute({
    summary: 'Set a new password with the token of a reset link; signs out every session',
    data: null,
    errors: [AUTH_ERROR_CODES.RESET_TOKEN_INVALID, SINGLE_SIGN_ON_ERROR_CODES.PASSWORD_LOGIN_FORBIDDEN],
  })
  async resetPassword(@Body() body: ResetPasswordBodyDto, @Caller() caller: MessageContext): Promise<ApiSuccess<null>> {
    await this.bus.request(SUBJECTS.auth.resetPassword, body, caller);
    return ok(null, { message: AUTH_MESSAGES.passwordReset });
  }

  @Public()
  @Post('verify-email')
  @HttpCode(HttpStatus.OK)
  @ApiRoute({
    summary: 'Confirm the e-mail address with the token of a verification link',
    data: AuthUserDto,
    errors: [AUTH_ERROR_CODES.VERIFICATION_TOKEN_INVALID],
  })
  async verifyEmail(@Body() body: TokenRequestDto, @Caller() caller: MessageContext): Promise<ApiSuccess<AuthUser>> {
    return ok(await this.bus.request(SUBJECTS.auth.verifyEmail, body, caller), {
      message: AUTH_MESSAGES.emailVerified,
    });
  }

  @Public()
  @Post('resend-verification')
  @HttpCode(HttpStatus.OK)
  @UseGuards(AuthThrottlerGuard)
  @ApiRoute({ summary: 'Send a new verification link; the same answer for any address', data: null })
  async resendVerification(@Body() body: EmailRequestDto, @Caller() caller: MessageContext): Promise<ApiSuccess<null>> {
    await this.bus.request(SUBJECTS.auth.resendVerification, body, caller);
    return ok(null, { message: AUTH_MESSAGES.verificationResent });
  }
}
