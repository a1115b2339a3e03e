import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Observable } from 'rxjs';
import { CORRELATION_ID_HEADER, correlationIdOf } from './correlation-id';

/** Echoes the correlation id on every answer so that a client can quote it when reporting a problem. */
@Injectable()
export class CorrelationIdInterceptor implements NestInterceptor {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    this.adapterHost.httpAdapter.setHeader(http.getResponse(), CORRELATION_ID_HEADER, correlationIdOf(http.getRequest<object>()));
    return next.handle();
  }
}
