import { Logger } from '@nestjs/common';
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
    expect(log).toHaveBeenCalledWith(expect.stringContaining('x is undefined'));
  });
});
