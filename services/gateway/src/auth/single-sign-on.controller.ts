import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Query,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ACCOUNT_SECURITY_ERROR_CODES,
  AUTH_ERROR_CODES,
  ERROR_CODES,
  SINGLE_SIGN_ON_ERROR_CODES,
  SINGLE_SIGN_ON_ERROR_PARAMETER,
  SINGLE_SIGN_ON_LINKED_PARAMETER,
  SINGLE_SIGN_ON_MESSAGES,
  SINGLE_SIGN_ON_SUBJECTS,
  type ApiSuccess,
  type AuthorizationRedirect,
  type LinkedIdentity,
  type MessageContext,
  type SignInCallbackOutcome,
  type SignInOptions,
} from '@memories/contracts';
import { IdParams, LinkIdentityBodyDto, SignInStartQueryDto } from '@memories/account-security-dto';
import { BusClient, DomainError, Public } from '@memories/nest-common';
import { ok } from '../http/api-response.util';
import { Caller } from '../http/caller.decorator';
import { ApiRoute } from '../openapi/api-route.decorator';
import { AuthThrottlerGuard } from './auth-throttler.guard';
import { RefreshCookie } from './refresh-cookie';
import { sessionClientOf } from './session-client';
import { SignInBindingCookie } from './sign-in-binding-cookie';
import { AuthorizationRedirectDto, LinkedIdentityDto, SignInOptionsDto } from './single-sign-on-response.dto';

/** Where a start that cannot go to the provider sends the browser back: the login page. */
const LOGIN_PATH = '/login';

/** `path?ssoError=CODE`: the page explains the code (singleSignOnErrorMessage). */
function withError(path: string, code: string): string {
  return `${path}?${new URLSearchParams({ [SINGLE_SIGN_ON_ERROR_PARAMETER]: code })}`;
}

const codeOf = (error: unknown): string => (error instanceof DomainError ? error.code : ERROR_CODES.INTERNAL);

/**
 * Single sign-on (OpenID Connect) and the account's linked sign-ins; the auth service does the work. The start and
 * the callback are a browser's navigations: they answer with redirects only, a failure included (the page it lands
 * on says what went wrong), never with JSON the person would see as a page.
 */
@ApiTags('auth')
@Controller('auth')
export class SingleSignOnController {
  constructor(
    private readonly bus: BusClient,
    private readonly binding: SignInBindingCookie,
    private readonly refreshCookie: RefreshCookie,
  ) {}

  @Public()
  @Get('sign-in-options')
  @ApiRoute({
    summary: 'How people sign in here: with a password, and with single sign-on (and whether it is reachable)',
    data: SignInOptionsDto,
  })
  async signInOptions(@Caller() context: MessageContext): Promise<ApiSuccess<SignInOptions>> {
    return ok(await this.bus.request(SINGLE_SIGN_ON_SUBJECTS.signInOptions, {}, context));
  }

  @Public()
  @Get('oidc/start')
  @HttpCode(HttpStatus.FOUND)
  @UseGuards(AuthThrottlerGuard)
  @ApiRoute({
    summary: 'Start single sign-on: a redirect to the provider (authorization code, PKCE S256, state and nonce)',
    description:
      'Sets a cookie that ties the sign-in to this browser (10 minutes). A first sign-in without an account needs an ' +
      'invite unless sign-up is open (else the callback goes to /login?ssoError=SIGNUP_CLOSED). When single sign-on ' +
      'is not set up or the provider cannot be reached, the redirect goes to /login?ssoError=<code> instead.',
    data: null,
    redirects: "The provider's authorization endpoint, or /login?ssoError=<code>",
  })
  async start(
    @Query() query: SignInStartQueryDto,
    @Caller() context: MessageContext,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    try {
      const started = await this.bus.request(
        SINGLE_SIGN_ON_SUBJECTS.start,
        {
          rememberMe: query.rememberMe === 'true',
          ...(query.returnTo ? { returnTo: query.returnTo } : {}),
          ...(query.invite ? { inviteToken: query.invite } : {}),
        },
        context,
      );
      this.binding.set(reply, started.binding);
      await reply.redirect(started.authorizationUrl, HttpStatus.FOUND);
    } catch (error) {
      await reply.redirect(withError(LOGIN_PATH, codeOf(error)), HttpStatus.FOUND);
    }
  }

  @Public()
  @Get('oidc/callback')
  @HttpCode(HttpStatus.FOUND)
  @ApiQuery({ name: 'code', required: false, description: 'The authorization code' })
  @ApiQuery({ name: 'state', required: false, description: 'The state of the authorization request' })
  @ApiQuery({ name: 'iss', required: false, description: 'The issuer (RFC 9207)' })
  @ApiQuery({ name: 'error', required: false, description: 'Why the provider did not sign the person in' })
  @ApiQuery({ name: 'error_description', required: false })
  @ApiRoute({
    summary: 'Where the provider sends the browser back: signs the person in as a password login does',
    description:
      'Exchanges the code (client_secret_basic or client_secret_post, as the provider advertises) and checks the ID ' +
      'token (signature from the provider’s keys, iss, aud, exp, nonce). Signed in: the refresh cookie, and a ' +
      'redirect into the app, which completes the session with POST /api/auth/refresh. A replayed callback, a wrong ' +
      'state, one from another browser or after 10 minutes signs nobody in: /login?ssoError=<code>.',
    data: null,
    setsCookies: true,
    redirects: 'The app (the page the sign-in started from, /dashboard by default), or the page that explains why not',
  })
  async callback(
    @Caller() context: MessageContext,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const outcome = await this.completeSignIn(request, context);
    // Used or not, this browser's sign-in is over.
    this.binding.clear(reply);
    if (outcome.outcome === 'signed-in') this.refreshCookie.set(reply, outcome.grant);
    const target =
      outcome.outcome === 'refused'
        ? withError(outcome.returnTo, outcome.code)
        : outcome.outcome === 'linked'
          ? `${outcome.returnTo}?${SINGLE_SIGN_ON_LINKED_PARAMETER}=1`
          : outcome.returnTo;
    await reply.redirect(target, HttpStatus.FOUND);
  }

  @Post('oidc/link')
  @HttpCode(HttpStatus.OK)
  @UseGuards(AuthThrottlerGuard)
  @ApiRoute({
    summary: 'Link single sign-on to this account: the provider URL to send the browser to',
    description:
      'Asks for the account password again when the account has one. The provider sends the browser back to ' +
      '/settings/security (with ssoLinked=1, or ssoError=<code>). Sets the cookie that ties it to this browser.',
    data: AuthorizationRedirectDto,
    errors: [
      SINGLE_SIGN_ON_ERROR_CODES.SINGLE_SIGN_ON_NOT_FOUND,
      SINGLE_SIGN_ON_ERROR_CODES.SINGLE_SIGN_ON_UNAVAILABLE,
      ACCOUNT_SECURITY_ERROR_CODES.PASSWORD_CONFIRMATION_INVALID,
      AUTH_ERROR_CODES.CURRENT_PASSWORD_INVALID,
    ],
  })
  async link(
    @Body() body: LinkIdentityBodyDto,
    @Caller() context: MessageContext,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiSuccess<AuthorizationRedirect>> {
    const started = await this.bus.request(SINGLE_SIGN_ON_SUBJECTS.startLink, body, context);
    this.binding.set(reply, started.binding);
    return ok({ authorizationUrl: started.authorizationUrl }, { message: SINGLE_SIGN_ON_MESSAGES.linkStarted });
  }

  @Get('identities')
  @ApiRoute({ summary: 'The sign-ins at identity providers linked to this account', data: [LinkedIdentityDto] })
  async identities(@Caller() context: MessageContext): Promise<ApiSuccess<LinkedIdentity[]>> {
    return ok(await this.bus.request(SINGLE_SIGN_ON_SUBJECTS.listIdentities, {}, context));
  }

  @Delete('identities/:id')
  @ApiRoute({
    summary: 'Unlink a provider from this account',
    description: 'Refused (409) when it is the only way left into the account.',
    data: null,
    errors: [
      SINGLE_SIGN_ON_ERROR_CODES.LINKED_IDENTITY_NOT_FOUND,
      SINGLE_SIGN_ON_ERROR_CODES.LAST_SIGN_IN_METHOD_CONFLICT,
    ],
  })
  async unlink(@Param() { id }: IdParams, @Caller() context: MessageContext): Promise<ApiSuccess<null>> {
    await this.bus.request(SINGLE_SIGN_ON_SUBJECTS.unlinkIdentity, { identityId: id }, context);
    return ok(null, { message: SINGLE_SIGN_ON_MESSAGES.unlinked });
  }

  /** The auth service's outcome of the callback; a failure on the way (the bus, a bad cookie) is a refusal too. */
  private async completeSignIn(request: FastifyRequest, context: MessageContext): Promise<SignInCallbackOutcome> {
    try {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      const binding = this.binding.read(request);
      return await this.bus.request(
        SINGLE_SIGN_ON_SUBJECTS.complete,
        { query, ...(binding ? { binding } : {}), ...sessionClientOf(request) },
        context,
      );
    } catch (error) {
      return { outcome: 'refused', code: codeOf(error), returnTo: LOGIN_PATH };
    }
  }
}
