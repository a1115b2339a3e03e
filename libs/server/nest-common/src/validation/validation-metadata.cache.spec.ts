import { IsInt, IsString, MaxLength, getMetadataStorage, validate } from 'class-validator';
import { rememberValidationMetadata } from './validation-metadata.cache';

class ParentDto {
  @IsString() name!: unknown;
}

describe('remembered class-validator metadata', () => {
  beforeAll(() => rememberValidationMetadata());

  it('answers a repeated lookup with the rules it found the first time', () => {
    const storage = getMetadataStorage();
    const first = storage.getTargetValidationMetadatas(ParentDto, '', false, false);
    expect(storage.getTargetValidationMetadatas(ParentDto, '', false, false)).toBe(first);
    expect(first.map((metadata) => metadata.propertyName)).toEqual(['name']);
    // Other options are another question.
    expect(storage.getTargetValidationMetadatas(ParentDto, '', false, false, ['admin'])).not.toBe(first);
  });

  it('sees rules added after a lookup: a class declared later, and its parent still as it was', async () => {
    expect((await validate(Object.assign(new ParentDto(), { name: 'a' }))).length).toBe(0);

    class ChildDto extends ParentDto {
      @IsInt() age!: unknown;
    }
    class LongNameDto extends ParentDto {
      @MaxLength(2) declare name: unknown;
    }
    const child = await validate(Object.assign(new ChildDto(), { name: 3, age: 'x' }));
    expect(child.map((error) => [error.property, Object.keys(error.constraints ?? {})])).toEqual([
      ['age', ['isInt']],
      ['name', ['isString']],
    ]);
    const long = await validate(Object.assign(new LongNameDto(), { name: 'abc' }));
    expect(long.map((error) => Object.keys(error.constraints ?? {}))).toEqual([['maxLength']]);
    expect((await validate(Object.assign(new ParentDto(), { name: 'abc' }))).length).toBe(0);
  });

  it('is installed once however often it is asked for', () => {
    const lookup = getMetadataStorage().getTargetValidationMetadatas;
    rememberValidationMetadata();
    expect(getMetadataStorage().getTargetValidationMetadatas).toBe(lookup);
  });
});
