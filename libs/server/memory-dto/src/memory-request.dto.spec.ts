import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { MEMORY_VALIDATION_MESSAGES } from '@memories/contracts';
import { ListQueryDto, MemoryBodyDto } from './memory-request.dto';

async function messagesOf<T extends object>(type: new () => T, plain: object): Promise<string[]> {
  const errors = await validate(plainToInstance(type, plain), { whitelist: true, forbidNonWhitelisted: true });
  return errors.flatMap((error) => Object.values(error.constraints ?? {}));
}

describe('memory request DTOs', () => {
  it('requires a title and a date with the messages of the spec', async () => {
    const messages = await messagesOf(MemoryBodyDto, { title: '  ', date: '', contentJson: '{"type":"doc"}' });

    expect(messages).toEqual(expect.arrayContaining([MEMORY_VALIDATION_MESSAGES.title, MEMORY_VALIDATION_MESSAGES.date]));
  });

  it('accepts a memory with a bare date and the document as JSON text', async () => {
    await expect(messagesOf(MemoryBodyDto, { title: 'Lake', date: '2024-05-01', contentJson: '{"type":"doc"}' })).resolves.toEqual([]);
  });

  it('reads list filters from query text and from typed bus payloads alike', () => {
    expect(plainToInstance(ListQueryDto, { page: '2', tags: 'a, b', isDraft: 'true' })).toMatchObject({ page: 2, tags: ['a', 'b'], isDraft: true });
    expect(plainToInstance(ListQueryDto, { page: 2, tags: ['a', 'b'], isDraft: true })).toMatchObject({ page: 2, tags: ['a', 'b'], isDraft: true });
  });

  it('refuses a page size above the maximum', async () => {
    await expect(messagesOf(ListQueryDto, { size: '101' })).resolves.toEqual(['size must not be greater than 100']);
  });
});
