import { type ArgumentsHost, Catch, type ExceptionFilter, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { CORRELATION_ID_HEADER, correlationIdOf, lineOf, toErrorResponse } from '@memories/nest-common';

/** The one HTTP exception filter: every failure leaves as `{ success: false, message, error }`, never a stack. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  constructor(private readonly adapterHost: HttpAdapterHost) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<object>();
    const correlationId = correlationIdOf(request);
    const { status, body } = toErrorResponse(exception);
    if (status >= 500) {
      const cause = exception instanceof Error ? (exception.stack ?? exception.message) : JSON.stringify(exception);
      this.logger.error(lineOf({ correlationId }, `${status} ${body.error.code}: ${cause}`));
    }
    const adapter = this.adapterHost.httpAdapter;
    adapter.setHeader(http.getResponse(), CORRELATION_ID_HEADER, correlationId);
    adapter.reply(http.getResponse(), body, status);
  }
}
