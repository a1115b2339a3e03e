import { type ArgumentsHost, Catch, Logger, type RpcExceptionFilter } from '@nestjs/common';
import { ERROR_CODES, type RpcErrorPayload } from '@memories/contracts';
import { type Observable, throwError } from 'rxjs';
import { DomainError } from './domain.error';
import { errorText, lineOf } from '../logging/request-line';
import { toRpcErrorPayload } from './rpc-error.util';

/**
 * The one exception filter of every bus handler: a DomainError keeps its code, message and detail; anything else
 * is logged here with its stack and leaves the service as a generic INTERNAL error, except an unreachable
 * database, which is expected during an outage and answered as DATABASE_UNAVAILABLE, and text the database refuses
 * (a NUL the validation pipe should have refused: still logged with its stack), answered as VALIDATION_FAILED.
 */
@Catch()
export class RpcDomainExceptionFilter implements RpcExceptionFilter<unknown> {
  private readonly logger = new Logger('RpcExceptionFilter');

  catch(exception: unknown, host?: ArgumentsHost): Observable<never> {
    const payload: RpcErrorPayload = toRpcErrorPayload(exception);
    // The line names the message's request (its envelope's correlation id).
    const envelope = host?.switchToRpc().getData<{ correlationId?: unknown } | undefined>();
    const request = { correlationId: typeof envelope?.correlationId === 'string' ? envelope.correlationId : 'none' };
    if (payload.code === ERROR_CODES.DATABASE_UNAVAILABLE) {
      // One line per request, not a stack: during an outage every request fails the same known way.
      this.logger.warn(
        lineOf(request, `Database unavailable: ${exception instanceof Error ? exception.message : String(exception)}`),
      );
    } else if (!(exception instanceof DomainError)) {
      this.logger.error(lineOf(request, errorText(exception)));
    }
    return throwError(() => payload);
  }
}
