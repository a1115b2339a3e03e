import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { MEMORY_VALIDATION_MESSAGES, MOOD_VALIDATION_MESSAGE } from '@memories/contracts';
import { createValidationPipe } from '@memories/nest-common';
import { ListQueryDto, MemoryBodyDto, SearchQueryDto } from './memory-request.dto';

async function messagesOf<T extends object>(type: new () => T, plain: object): Promise<string[]> {
  const errors = await validate(plainToInstance(type, plain), { whitelist: true, forbidNonWhitelisted: true });
  return errors.flatMap((error) => Object.values(error.constraints ?? {}));
}

describe('memory request DTOs', () => {
  it('requires a title and a date with the messages of the spec', async () => {
    const messages = await messagesOf(MemoryBodyDto, { title: '  ', date: '', contentJson: '{"type":"doc"}' });

    expect(messages).toEqual(
      expect.arrayContaining([MEMORY_VALIDATION_MESSAGES.title, MEMORY_VALIDATION_MESSAGES.date]),
    );
  });

  it('accepts a memory with a bare date and the document as JSON text', async () => {
    await expect(
      messagesOf(MemoryBodyDto, { title: 'Lake', date: '2024-05-01', contentJson: '{"type":"doc"}' }),
    ).resolves.toEqual([]);
  });

  it('accepts a mood from 1 to 5, null for no mood, or none at all', async () => {
    const memory = { title: 'Lake', date: '2024-05-01', contentJson: '{"type":"doc"}' };
    for (const mood of [1, 3, 5, null, undefined]) {
      await expect(messagesOf(MemoryBodyDto, { ...memory, mood })).resolves.toEqual([]);
    }
  });

  it('refuses a mood that is not a whole number from 1 to 5, naming mood', async () => {
    const memory = { title: 'Lake', date: '2024-05-01', contentJson: '{"type":"doc"}' };
    for (const mood of [0, 6, 2.5, '4', -1, true, [4], { mood: 4 }, Number.NaN]) {
      await expect(messagesOf(MemoryBodyDto, { ...memory, mood })).resolves.toEqual([MOOD_VALIDATION_MESSAGE]);
    }
    // The pipe the gateway and the services use converts no type: a mood as text stays refused.
    await expect(
      createValidationPipe().transform({ ...memory, mood: '4' }, { type: 'body', metatype: MemoryBodyDto }),
    ).rejects.toThrow(MOOD_VALIDATION_MESSAGE);
  });

  it('reads list filters from query text and from typed bus payloads alike', () => {
    expect(plainToInstance(ListQueryDto, { page: '2', tags: 'a, b', isDraft: 'true' })).toMatchObject({
      page: 2,
      tags: ['a', 'b'],
      isDraft: true,
    });
    expect(plainToInstance(ListQueryDto, { page: 2, tags: ['a', 'b'], isDraft: true })).toMatchObject({
      page: 2,
      tags: ['a', 'b'],
      isDraft: true,
    });
  });

  it('refuses a page size above the maximum', async () => {
    await expect(messagesOf(ListQueryDto, { size: '101' })).resolves.toEqual(['size must not be greater than 100']);
  });

  describe('control characters and unpaired surrogates (docs/decisions.md, "Text the API accepts")', () => {
    const pipe = createValidationPipe();
    const transform = (metatype: new () => object, value: object, type: 'body' | 'query' = 'body') =>
      pipe.transform(value, { type, metatype });

    it('cleans what a person types or pastes: the title, tags, the document and the HTML that is ignored', async () => {
      const contentJson = {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'a\u0000b\ud800' }] }],
      };

      const memory = await transform(MemoryBodyDto, {
        title: ' Lake\u000b trip\u0000 ',
        date: '2024-05-01',
        contentJson,
        contentHtml: '<p>a\u0000b</p>',
        tags: ['sea\u001b', '\udc00sun'],
      });

      expect(memory).toMatchObject({
        title: 'Lake trip',
        contentJson: { content: [{ content: [{ text: 'ab\ufffd' }] }] },
        contentHtml: '<p>ab</p>',
        tags: ['sea', '\ufffdsun'],
      });
    });

    it('cleans the text filters of the list and the search, so they match what was stored', async () => {
      await expect(
        transform(ListQueryDto, { title: 'La\u0000ke', tags: 'sea\u0007,sun' }, 'query'),
      ).resolves.toMatchObject({ title: 'Lake', tags: ['sea', 'sun'] });
      await expect(
        transform(SearchQueryDto, { q: 'la\u0000ke', title: 't\u0001', content: 'c\u0002' }, 'query'),
      ).resolves.toMatchObject({ q: 'lake', title: 't', content: 'c' });
    });

    it.each([
      ['date', { date: '2024-05-01\u0000' }],
      ['thumbnailUrl', { thumbnailUrl: '/api/files/a\u0000.png' }],
    ])('refuses them in %s, naming it', async (field, change) => {
      const refused = transform(MemoryBodyDto, {
        title: 'Lake',
        date: '2024-05-01',
        contentJson: '{"type":"doc"}',
        ...change,
      });

      await expect(refused).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        detail: expect.arrayContaining([
          { field, messages: [`${field} must not contain control characters (such as NUL)`] },
        ]),
      });
    });
  });
});
