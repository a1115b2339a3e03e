import { type ArgumentsHost, Logger } from '@nestjs/common';
import { firstValueFrom } from 'rxjs';
import { DomainError } from './domain.error';
import { RpcDomainExceptionFilter } from './rpc-exception.filter';

describe('RpcDomainExceptionFilter', () => {
  const filter = new RpcDomainExceptionFilter();

  it('turns a domain error into { code, message, detail }', async () => {
    const error = new DomainError('MEMORY_NOT_FOUND', 'Memory not found', { id: 'm1' });

    await expect(firstValueFrom(filter.catch(error))).rejects.toEqual({
      code: 'MEMORY_NOT_FOUND',
      message: 'Memory not found',
      detail: { id: 'm1' },
    });
  });

  it('leaves detail out when the error has none', async () => {
    await expect(firstValueFrom(filter.catch(new DomainError('CONFLICT', 'Taken')))).rejects.toEqual({
      code: 'CONFLICT',
      message: 'Taken',
    });
  });

  it('answers INTERNAL with a generic message for anything else, and logs the cause', async () => {
    const log = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);

    await expect(firstValueFrom(filter.catch(new TypeError('x is undefined')))).rejects.toEqual({
      code: 'INTERNAL',
      message: 'Internal server error',
    });
    expect(log).toHaveBeenCalledWith(expect.objectContaining({ msg: expect.stringContaining('x is undefined') }));
  });

  it("names the message's request (the envelope's correlation id) on the line", async () => {
    const log = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const host = { switchToRpc: () => ({ getData: () => ({ correlationId: 'corr-9', payload: {} }) }) };

    await expect(
      firstValueFrom(filter.catch(new TypeError('x is undefined'), host as unknown as ArgumentsHost)),
    ).rejects.toMatchObject({ code: 'INTERNAL' });
    expect(log).toHaveBeenCalledWith(expect.objectContaining({ correlation_id: 'corr-9' }));
  });

  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    [
      'a server shutting down (57P01), wrapped by TypeORM',
      { message: 'terminating connection', driverError: { code: '57P01' } },
    ],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    [
      'refusals from several addresses',
      new AggregateError([Object.assign(new Error('refused'), { code: 'ECONNREFUSED' })]),
    ],
  ])('answers DATABASE_UNAVAILABLE for %s, logged as one line', async (_kind, error) => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);

    await expect(firstValueFrom(filter.catch(error))).rejects.toEqual({
      code: 'DATABASE_UNAVAILABLE',
      message: 'The database is unavailable right now; please try again shortly',
    });
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ msg: expect.stringMatching(/^Database unavailable: /) }),
    );
  });

  it.each([
    [
      'a NUL in text (22021)',
      { message: 'invalid byte sequence for encoding "UTF8": 0x00', driverError: { code: '22021' } },
    ],
    ['\\u0000 in jsonb (22P05)', Object.assign(new Error('unsupported Unicode escape sequence'), { code: '22P05' })],
  ])('answers VALIDATION_FAILED (400), not INTERNAL, when PostgreSQL refuses %s', async (_kind, error) => {
    const log = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    await expect(firstValueFrom(filter.catch(error))).rejects.toEqual({
      code: 'VALIDATION_FAILED',
      message: 'The request contains characters that cannot be stored (such as NUL)',
    });
    expect(log).toHaveBeenCalled();
  });

  it('still answers INTERNAL for a query that failed on a reachable database', async () => {
    jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);

    await expect(
      firstValueFrom(filter.catch({ message: 'syntax error', driverError: { code: '42601' } })),
    ).rejects.toMatchObject({
      code: 'INTERNAL',
    });
  });
});
