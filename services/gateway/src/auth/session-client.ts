import { MAX_USER_AGENT_LENGTH, type SessionClient } from '@memories/contracts';

interface RequestWithHeaders {
  headers: Record<string, string | string[] | undefined>;
}

/** The browser that starts or renews a session, as the sessions list names it (its User-Agent, cut to size). */
export function sessionClientOf(request: RequestWithHeaders): SessionClient {
  const userAgent = request.headers['user-agent'];
  return typeof userAgent === 'string' && userAgent ? { userAgent: userAgent.slice(0, MAX_USER_AGENT_LENGTH) } : {};
}
