import { passkeyErrorMessage } from './passkey-error-message';

describe('passkeyErrorMessage', () => {
  it('says the prompt was closed when the browser reports a cancelled or timed-out ceremony', () => {
    expect(
      passkeyErrorMessage(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError')),
    ).toBe('The passkey prompt was closed or timed out. Please try again.');
    expect(passkeyErrorMessage(Object.assign(new Error('aborted'), { name: 'AbortError' }))).toBe(
      'The passkey prompt was closed or timed out. Please try again.',
    );
  });

  it('passes any other error’s message on, with a default when there is none', () => {
    expect(passkeyErrorMessage(new Error('Passkeys work only at http://localhost:3000.'))).toBe(
      'Passkeys work only at http://localhost:3000.',
    );
    expect(passkeyErrorMessage('???')).toBe(
      'This passkey could not sign you in. Try again, or log in with your password.',
    );
  });
});
