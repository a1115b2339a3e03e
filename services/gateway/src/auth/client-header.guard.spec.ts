import type { ExecutionContext } from '@nestjs/common';
import { ClientHeaderGuard } from './client-header.guard';

function contextWith(headers: Record<string, string>): ExecutionContext {
  return { switchToHttp: () => ({ getRequest: () => ({ headers }) }) } as unknown as ExecutionContext;
}

describe('ClientHeaderGuard', () => {
  const guard = new ClientHeaderGuard();

  it('lets the web client through', () => {
    expect(
      guard.canActivate(contextWith({ 'x-requested-with': 'memories-web', 'sec-fetch-site': 'same-origin' })),
    ).toBe(true);
  });

  it.each([
    ['without the client header', {}],
    ['with another client header value', { 'x-requested-with': 'XMLHttpRequest' }],
    [
      'from a cross-site page even with the header',
      { 'x-requested-with': 'memories-web', 'sec-fetch-site': 'cross-site' },
    ],
  ])('refuses a request %s with a 403 code', (_case, headers) => {
    expect(() => guard.canActivate(contextWith(headers))).toThrow(
      expect.objectContaining({ code: 'CLIENT_HEADER_FORBIDDEN' }),
    );
  });
});
