import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { AUTH_ERROR_CODES, AUTH_MESSAGES, CLIENT_HEADER } from '@memories/contracts';
import { DomainError } from '@memories/nest-common';
import { ApiGuardAnswers } from '../openapi/api-guard-answers.decorator';

interface RequestWithHeaders {
  headers: Record<string, string | string[] | undefined>;
}

/**
 * CSRF defence of the cookie-authenticated endpoints: the web client's custom header is required (a cross-site
 * page cannot send it without a CORS preflight, which the API never grants), and a browser that says the request
 * is cross-site is refused even if it did.
 */
@Injectable()
@ApiGuardAnswers({
  errors: [AUTH_ERROR_CODES.CLIENT_HEADER_FORBIDDEN],
  headers: [
    {
      name: CLIENT_HEADER.name,
      in: 'header',
      required: true,
      description: 'The CSRF defence of cookie-authenticated calls: a cross-site page cannot send it',
      schema: { type: 'string', enum: [CLIENT_HEADER.value] },
    },
  ],
})
export class ClientHeaderGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const { headers } = context.switchToHttp().getRequest<RequestWithHeaders>();
    const fromClient = headers[CLIENT_HEADER.name.toLowerCase()] === CLIENT_HEADER.value;
    const crossSite = headers['sec-fetch-site'] === 'cross-site';
    if (!fromClient || crossSite)
      throw new DomainError(AUTH_ERROR_CODES.CLIENT_HEADER_FORBIDDEN, AUTH_MESSAGES.clientHeaderMissing);
    return true;
  }
}
