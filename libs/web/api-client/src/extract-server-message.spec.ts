import { extractServerMessage } from './extract-server-message';

describe('extractServerMessage', () => {
  it('prefers error.detail over every other field', () => {
    expect(extractServerMessage({ message: 'm', error: { code: 'X', detail: 'the detail' }, detail: 'd' })).toBe(
      'the detail',
    );
  });

  it('takes message when error.detail is missing or not text', () => {
    expect(
      extractServerMessage({
        success: false,
        message: 'Invalid login data',
        error: { code: 'VALIDATION_FAILED', detail: { email: 'bad' } },
      }),
    ).toBe('Invalid login data');
  });

  it('takes a string error when there is no message', () => {
    expect(extractServerMessage({ error: 'Unauthorized', detail: 'd' })).toBe('Unauthorized');
  });

  it('takes detail when nothing earlier is present', () => {
    expect(extractServerMessage({ detail: 'Too many requests' })).toBe('Too many requests');
  });

  it('takes a plain string body', () => {
    expect(extractServerMessage('Bad gateway')).toBe('Bad gateway');
  });

  it('joins an errors array with ", "', () => {
    expect(extractServerMessage({ errors: ['Title is required', { message: 'Date is required' }, 3] })).toBe(
      'Title is required, Date is required',
    );
  });

  it('finds nothing in empty or blank answers', () => {
    expect(extractServerMessage(undefined)).toBeUndefined();
    expect(extractServerMessage({ message: '  ', errors: [] })).toBeUndefined();
  });
});
