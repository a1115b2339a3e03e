import type { ArgumentMetadata } from '@nestjs/common';
import { Transform, Type } from 'class-transformer';
import { IsArray, IsEmail, IsObject, IsOptional, IsString, ValidateNested } from 'class-validator';
import { DomainError } from '../errors/domain.error';
import { CleanText } from './safe-text';
import { createValidationPipe } from './validation.preset';

class NoteDto {
  @CleanText()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  title!: string;

  @IsOptional() @IsString() email?: string;

  @IsOptional() @IsArray() @IsString({ each: true }) labels?: string[];

  @IsOptional() @IsObject() settings?: Record<string, unknown>;
}

class ContactDto {
  @IsEmail() address!: string;
}

class EnvelopeDto {
  @ValidateNested() @Type(() => NoteDto) payload!: NoteDto;
}

const body = (metatype: ArgumentMetadata['metatype']): ArgumentMetadata => ({ type: 'body', metatype });

async function refusal(run: () => Promise<unknown>): Promise<DomainError> {
  const error: unknown = await run().then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return error;
}

describe('the validation pipe of the gateway and every bus handler', () => {
  const pipe = createValidationPipe();

  it('refuses a NUL in any string field with 400 naming the field', async () => {
    const error = await refusal(() => pipe.transform({ title: 'Hi', email: 'a\u0000@b.c' }, body(NoteDto)));

    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toBe('Validation failed: email must not contain control characters (such as NUL)');
    expect(error.detail).toEqual([
      { field: 'email', messages: ['email must not contain control characters (such as NUL)'] },
    ]);
  });

  it('refuses an unpaired surrogate in a field whose own rule would throw on it (IsEmail)', async () => {
    const error = await refusal(() => pipe.transform({ address: 'ada@exa\ud800mple.com' }, body(ContactDto)));

    expect(error.detail).toEqual([
      { field: 'address', messages: ['address must be valid Unicode text (it contains half of a surrogate pair)'] },
    ]);
  });

  it('names nested fields and array items by their path, also inside a bus envelope', async () => {
    const error = await refusal(() =>
      pipe.transform({ payload: { title: 'Hi', labels: ['ok', 'b\ud800'] } }, body(EnvelopeDto)),
    );

    expect(error.detail).toEqual([
      {
        field: 'payload.labels.1',
        messages: ['payload.labels.1 must be valid Unicode text (it contains half of a surrogate pair)'],
      },
    ]);
  });

  it('refuses control characters in the keys and values of free-form objects', async () => {
    const error = await refusal(() =>
      pipe.transform({ title: 'Hi', settings: { deep: { 'k\u0007': 'v', list: ['\u001b'] } } }, body(NoteDto)),
    );

    expect((error.detail as Array<{ field: string }>).map((violation) => violation.field).sort()).toEqual([
      'settings.deep.k\u0007',
      'settings.deep.list.0',
    ]);
  });

  it('cleans a @CleanText field instead of refusing it, before the transforms below it', async () => {
    const note = (await pipe.transform(
      { title: '\u0000 Tea\u000b time \ud83d', labels: ['tab\there'] },
      body(NoteDto),
    )) as NoteDto;

    expect(note.title).toBe('Tea time \ufffd');
    expect(note.labels).toEqual(['tab\there']);
  });

  it('accepts every script, emoji, tabs and line breaks as they are', async () => {
    const text = '日本語 العربية 👩‍👩‍👧‍👦 e\u0301\tline\r\nnext';

    await expect(pipe.transform({ title: 'x', email: text }, body(NoteDto))).resolves.toMatchObject({ email: text });
  });

  it('checks values that are no DTO (path parameters, headers read by a decorator) as they come', async () => {
    const header = await refusal(() =>
      pipe.transform('key\u0000', { type: 'custom', metatype: String, data: 'idempotency-key' }),
    );
    const param = await refusal(() => pipe.transform('\udc00', { type: 'param', metatype: String, data: 'id' }));

    expect(header.message).toBe('Validation failed: idempotency-key must not contain control characters (such as NUL)');
    expect(param.message).toBe(
      'Validation failed: id must be valid Unicode text (it contains half of a surrogate pair)',
    );
    await expect(pipe.transform('plain', { type: 'param', metatype: String, data: 'id' })).resolves.toBe('plain');
  });

  it('refuses a hostile nesting thousands of levels deep with 400 rather than running out of stack', async () => {
    let settings: Record<string, unknown> = { leaf: 'x' };
    for (let level = 0; level < 20_000; level++) settings = { next: [settings] };

    const error = await refusal(() => pipe.transform({ title: 'x', settings }, body(NoteDto)));

    expect(error.message).toBe('Validation failed: body must not nest deeper than 256 levels');
  });

  it('accepts nesting as deep as an editor document may be', async () => {
    let settings: Record<string, unknown> = { leaf: 'x' };
    for (let level = 0; level < 120; level++) settings = { next: [settings] };

    await expect(pipe.transform({ title: 'x', settings }, body(NoteDto))).resolves.toMatchObject({ title: 'x' });
  });
});
