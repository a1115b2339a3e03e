import type { ExecutionContext } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { CORRELATION_ID_HEADER, Public } from '@memories/nest-common';
import { setAuthenticatedUser } from '../auth/authenticated-request';
import { Caller } from './caller.decorator';

class Routes {
  signedIn(@Caller() _caller: unknown): void {}

  @Public()
  open(@Caller() _caller: unknown): void {}
}

/** What Nest runs for a @Caller() parameter of `route`, given the request. */
function callerOf(route: 'signedIn' | 'open', request: object): unknown {
  const [argument] = Object.values(Reflect.getMetadata(ROUTE_ARGS_METADATA, Routes, route)) as Array<{
    factory: (data: unknown, context: ExecutionContext) => unknown;
  }>;
  const context = {
    switchToHttp: () => ({ getRequest: () => request }),
    getHandler: () => Routes.prototype[route],
    getClass: () => Routes,
  } as unknown as ExecutionContext;
  return argument.factory(undefined, context);
}

describe('@Caller()', () => {
  const request = () => ({ headers: { [CORRELATION_ID_HEADER]: 'req-1' } });

  it('gives the correlation id and the user the guard verified', () => {
    const signedIn = request();
    setAuthenticatedUser(signedIn, 'u1', 'member');

    expect(callerOf('signedIn', signedIn)).toEqual({ correlationId: 'req-1', userId: 'u1' });
  });

  it('gives the correlation id alone on a public route', () => {
    expect(callerOf('open', request())).toEqual({ correlationId: 'req-1' });
  });

  it('refuses a route that needs a user but has none (a route missing @Public())', () => {
    expect(() => callerOf('signedIn', request())).toThrow(/is the route marked @Public\(\)\?/);
  });
});
