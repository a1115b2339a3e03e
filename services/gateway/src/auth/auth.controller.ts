import { Body, Controller, Get, HttpCode, HttpStatus, Post, Put, Req, Res, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ACCOUNT_SECURITY_MESSAGES,
  AUTH_MESSAGES,
  REFRESH_COOKIE_NAME,
  SUBJECTS,
  isTwoFactorChallenge,
  type ApiSuccess,
  type AuthSession,
  type AuthUser,
  type LoginAnswer,
  type MessageContext,
  type SignedOutSessions,
} from '@memories/contracts';
import { ChangePasswordBodyDto, ResetPasswordBodyDto } from '@memories/account-security-dto';
import { BusClient, Public } from '@memories/nest-common';
import { ok } from '../http/api-response.util';
import { RequestContext } from '../http/request-context.decorator';
import { EmailRequestDto, LoginRequestDto, ProfileUpdateRequestDto, RegisterRequestDto, TokenRequestDto } from './auth-request.dto';
import { AuthThrottlerGuard } from './auth-throttler.guard';
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
    private readonly sessions: SessionAnswer,
  ) {}

  @Public()
  @Post('register')
  @UseGuards(AuthThrottlerGuard)
  @ApiOperation({ summary: 'Create an account (sends an e-mail verification link)' })
  @ApiBadRequestResponse({ description: 'A registration rule failed: the message is the first failing rule' })
  @ApiConflictResponse({ description: 'The e-mail address is taken (case-insensitive)' })
  @ApiTooManyRequestsResponse({ description: 'Too many attempts from this address' })
  async register(@Body() body: RegisterRequestDto, @RequestContext() context: MessageContext): Promise<ApiSuccess<AuthUser>> {
    return ok(await this.bus.request(SUBJECTS.auth.register, body, context), { message: AUTH_MESSAGES.registered });
  }

  @Public()
  @Post('login')
  @HttpCode(HttpStatus.OK)
  @UseGuards(AuthThrottlerGuard)
  @ApiOperation({
    summary: 'Sign in: access token in the body, refresh token in an HttpOnly cookie',
    description: 'With two-factor sign-in on, the answer is a challenge for POST /auth/login/two-factor instead, and no cookie is set.',
  })
  @ApiUnauthorizedResponse({ description: 'Unknown e-mail or wrong password (the same answer for both)' })
  @ApiTooManyRequestsResponse({ description: 'Too many attempts from this address' })
  async login(
    @Body() body: LoginRequestDto,
    @RequestContext() context: MessageContext,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiSuccess<LoginAnswer>> {
    const outcome = await this.bus.request(SUBJECTS.auth.login, { ...body, ...sessionClientOf(request) }, context);
    if (isTwoFactorChallenge(outcome)) return ok(outcome, { message: ACCOUNT_SECURITY_MESSAGES.twoFactorRequired });
    return this.sessions.signedIn(reply, outcome);
  }

  @Public()
  @Post('refresh')
  @HttpCode(HttpStatus.OK)
  @UseGuards(ClientHeaderGuard)
  @ApiCookieAuth(REFRESH_COOKIE_NAME)
  @ApiOperation({ summary: 'New access token from the refresh cookie, which is rotated (requires X-Requested-With: memories-web)' })
  @ApiUnauthorizedResponse({ description: 'No, expired, revoked or replayed refresh token (a replay revokes the whole session)' })
  @ApiForbiddenResponse({ description: 'The client header is missing or the request is cross-site' })
  async refresh(
    @RequestContext() context: MessageContext,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiSuccess<AuthSession>> {
    const refreshToken = this.cookie.read(request);
    try {
      const grant = await this.bus.request(SUBJECTS.auth.refresh, { refreshToken: refreshToken ?? '', ...sessionClientOf(request) }, context);
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
  @ApiOperation({ summary: 'Revoke the session of the refresh cookie (if any) and clear the cookie' })
  @ApiOkResponse({ description: 'Always, with or without a session' })
  async logout(
    @RequestContext() context: MessageContext,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiSuccess<null>> {
    const refreshToken = this.cookie.read(request);
    await this.bus.request(SUBJECTS.auth.logout, refreshToken ? { refreshToken } : {}, context);
    this.cookie.clear(reply);
    return ok(null, { message: AUTH_MESSAGES.loggedOut });
  }

  @Get('profile')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'The signed-in user' })
  async getProfile(@RequestContext() context: MessageContext): Promise<ApiSuccess<AuthUser>> {
    return ok(await this.bus.request(SUBJECTS.auth.getProfile, {}, context));
  }

  @Put('profile')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Change name, phone number or profile image URL' })
  async updateProfile(@Body() body: ProfileUpdateRequestDto, @RequestContext() context: MessageContext): Promise<ApiSuccess<AuthUser>> {
    return ok(await this.bus.request(SUBJECTS.auth.updateProfile, body, context), { message: AUTH_MESSAGES.profileUpdated });
  }

  @Put('change-password')
  @ApiBearerAuth()
  @UseGuards(AuthThrottlerGuard)
  @ApiOperation({ summary: 'Change the password: keeps the session of this browser (its refresh cookie) and signs out every other one' })
  @ApiOkResponse({ description: 'data.signedOut: how many other sessions ended' })
  @ApiBadRequestResponse({ description: 'The current password is wrong, the new one breaks a rule, or the two new ones differ' })
  @ApiTooManyRequestsResponse({ description: 'Too many attempts from this address' })
  async changePassword(
    @Body() body: ChangePasswordBodyDto,
    @RequestContext() context: MessageContext,
    @Req() request: FastifyRequest,
  ): Promise<ApiSuccess<SignedOutSessions>> {
    const refreshToken = this.cookie.read(request);
    const answer = await this.bus.request(SUBJECTS.auth.changePassword, refreshToken ? { ...body, refreshToken } : body, context);
    return ok(answer, { message: AUTH_MESSAGES.passwordChanged });
  }

  @Public()
  @Post('forgot-password')
  @HttpCode(HttpStatus.OK)
  @UseGuards(AuthThrottlerGuard)
  @ApiOperation({
    summary: 'E-mail a single-use password reset link (valid 30 minutes); the same answer for any address',
    description: 'Without SMTP_URL the link is written to the server log; `npm run reset-password -- <email>` prints one too.',
  })
  async forgotPassword(@Body() body: EmailRequestDto, @RequestContext() context: MessageContext): Promise<ApiSuccess<null>> {
    await this.bus.request(SUBJECTS.auth.forgotPassword, body, context);
    return ok(null, { message: AUTH_MESSAGES.resetRequested });
  }

  @Public()
  @Post('reset-password')
  @HttpCode(HttpStatus.OK)
  @UseGuards(AuthThrottlerGuard)
  @ApiOperation({ summary: 'Set a new password with the token of a reset link; signs out every session' })
  @ApiBadRequestResponse({ description: 'The token is invalid, used or expired, the password breaks a rule, or the two passwords differ' })
  async resetPassword(@Body() body: ResetPasswordBodyDto, @RequestContext() context: MessageContext): Promise<ApiSuccess<null>> {
    await this.bus.request(SUBJECTS.auth.resetPassword, body, context);
    return ok(null, { message: AUTH_MESSAGES.passwordReset });
  }

  @Public()
  @Post('verify-email')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Confirm the e-mail address with the token of a verification link' })
  @ApiBadRequestResponse({ description: 'The token is invalid, used or expired' })
  async verifyEmail(@Body() body: TokenRequestDto, @RequestContext() context: MessageContext): Promise<ApiSuccess<AuthUser>> {
    return ok(await this.bus.request(SUBJECTS.auth.verifyEmail, body, context), { message: AUTH_MESSAGES.emailVerified });
  }

  @Public()
  @Post('resend-verification')
  @HttpCode(HttpStatus.OK)
  @UseGuards(AuthThrottlerGuard)
  @ApiOperation({ summary: 'Send a new verification link; the same answer for any address' })
  async resendVerification(@Body() body: EmailRequestDto, @RequestContext() context: MessageContext): Promise<ApiSuccess<null>> {
    await this.bus.request(SUBJECTS.auth.resendVerification, body, context);
    return ok(null, { message: AUTH_MESSAGES.verificationResent });
  }
}
