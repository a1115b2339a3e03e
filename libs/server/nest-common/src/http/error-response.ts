import { HttpException, HttpStatus } from '@nestjs/common';
import { ERROR_CODES, type ApiFailure } from '@memories/contracts';
import { DomainError } from '../errors/domain.error';
import { INTERNAL_ERROR_MESSAGE } from '../errors/rpc-error.util';
import { codeForHttpStatus, httpStatusForCode } from './error-status';

export interface ErrorResponse {
  status: number;
  body: ApiFailure;
}

function failure(status: number, code: string, message: string, detail?: unknown): ErrorResponse {
  // A server error other than an unreachable or slow service never explains itself: its cause is logged, not sent.
  if (status >= 500 && status !== HttpStatus.SERVICE_UNAVAILABLE && status !== HttpStatus.GATEWAY_TIMEOUT) {
    return { status, body: { success: false, message: INTERNAL_ERROR_MESSAGE, error: { code: ERROR_CODES.INTERNAL } } };
  }
  const error = detail === undefined ? { code } : { code, detail };
  return { status, body: { success: false, message, error } };
}

/** Errors raised by the HTTP framework itself before a route runs (e.g. body limits, an undecodable URL) carry a statusCode. */
interface FrameworkError {
  statusCode: number;
  message: string;
}

function isFrameworkError(value: unknown): value is FrameworkError {
  return typeof value === 'object' && value !== null && typeof (value as FrameworkError).statusCode === 'number';
}

function messageOf(exception: HttpException): string {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (Array.isArray(message)) return message.join('; ');
  return typeof message === 'string' ? message : exception.message;
}

/**
 * The API's one table of causes: anything thrown while handling a request, or refused by the framework before any
 * route ran, as the failure envelope and its status, on the gateway's port and on every service's own.
 */
export function toErrorResponse(exception: unknown): ErrorResponse {
  if (exception instanceof DomainError) {
    return failure(httpStatusForCode(exception.code), exception.code, exception.message, exception.detail);
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    return failure(status, codeForHttpStatus(status), messageOf(exception));
  }
  if (isFrameworkError(exception) && exception.statusCode >= 400 && exception.statusCode < 500) {
    return failure(exception.statusCode, codeForHttpStatus(exception.statusCode), exception.message);
  }
  return failure(HttpStatus.INTERNAL_SERVER_ERROR, ERROR_CODES.INTERNAL, INTERNAL_ERROR_MESSAGE);
}
