import { NotFoundException, PayloadTooLargeException } from '@nestjs/common';
import { DomainError } from '../errors/domain.error';
import { toErrorResponse } from './error-response';

describe('toErrorResponse', () => {
  it('keeps the code, message and detail of a domain error', () => {
    expect(toErrorResponse(new DomainError('MEMORY_NOT_FOUND', 'Memory not found', { id: 'm1' }))).toEqual({
      status: 404,
      body: { success: false, message: 'Memory not found', error: { code: 'MEMORY_NOT_FOUND', detail: { id: 'm1' } } },
    });
  });

  it('answers 504 for a bus timeout and 503 for an unreachable service, with their messages', () => {
    expect(toErrorResponse(new DomainError('BUS_TIMEOUT', 'No answer on "x" within 5 ms')).status).toBe(504);
    expect(toErrorResponse(new DomainError('BUS_UNAVAILABLE', 'No service is listening on "x"')).body.message).toBe(
      'No service is listening on "x"',
    );
  });

  it('never reveals the message or detail of an unexpected error', () => {
    const unknownCode = toErrorResponse(new DomainError('WEIRD', 'SELECT * FROM secrets failed', { sql: 'x' }));
    const crash = toErrorResponse(new TypeError('cannot read properties of undefined'));

    for (const response of [unknownCode, crash]) {
      expect(response.status).toBe(500);
      expect(response.body.message).toBe('Internal server error');
      expect(response.body.error).not.toHaveProperty('detail');
      expect(JSON.stringify(response.body)).not.toMatch(/secrets|undefined|at /);
    }
  });

  it('maps framework HTTP errors to their code', () => {
    expect(toErrorResponse(new NotFoundException('Cannot GET /api/x'))).toEqual({
      status: 404,
      body: { success: false, message: 'Cannot GET /api/x', error: { code: 'NOT_FOUND' } },
    });
    expect(toErrorResponse(new PayloadTooLargeException()).body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('keeps the status of a framework error thrown before any route ran', () => {
    const bodyTooLarge = Object.assign(new Error('Request body is too large'), { statusCode: 413 });

    expect(toErrorResponse(bodyTooLarge)).toEqual({
      status: 413,
      body: { success: false, message: 'Request body is too large', error: { code: 'PAYLOAD_TOO_LARGE' } },
    });
  });
});
