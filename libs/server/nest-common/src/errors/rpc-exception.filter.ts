import { Catch, Logger, type RpcExceptionFilter } from '@nestjs/common';
import type { RpcErrorPayload } from '@memories/contracts';
import { type Observable, throwError } from 'rxjs';
import { DomainError } from './domain.error';
import { toRpcErrorPayload } from './rpc-error.util';

/**
 * The one exception filter of every bus handler: a DomainError keeps its code, message and detail; anything else
 * is logged here with its stack and leaves the service as a generic INTERNAL error.
 */
@Catch()
export class RpcDomainExceptionFilter implements RpcExceptionFilter<unknown> {
  private readonly logger = new Logger('RpcExceptionFilter');

  catch(exception: unknown): Observable<never> {
    if (!(exception instanceof DomainError)) {
      this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    }
    const payload: RpcErrorPayload = toRpcErrorPayload(exception);
    return throwError(() => payload);
  }
}
