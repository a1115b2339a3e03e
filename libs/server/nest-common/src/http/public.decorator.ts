import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC_KEY = 'memories:isPublic';

/**
 * Marks a controller or route as reachable without an access token. The gateway's global JWT guard lets these
 * through; every other route needs a valid token. Here (not in the gateway) so the shared health probes can use it.
 */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC_KEY, true);
