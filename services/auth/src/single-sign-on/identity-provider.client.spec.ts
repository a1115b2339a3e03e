import { tokenEndpointAuthMethod } from './identity-provider.client';

describe('tokenEndpointAuthMethod', () => {
  it('sends the secret in the Authorization header where the provider supports it, or says nothing', () => {
    expect(tokenEndpointAuthMethod(['client_secret_post', 'client_secret_basic'], 's')).toBe('client_secret_basic');
    expect(tokenEndpointAuthMethod(undefined, 's')).toBe('client_secret_basic');
  });

  it('sends it in the body where the provider supports only that', () => {
    expect(tokenEndpointAuthMethod(['private_key_jwt', 'client_secret_post'], 's')).toBe('client_secret_post');
  });

  it('is a public client without a secret', () => {
    expect(tokenEndpointAuthMethod(['client_secret_basic'], undefined)).toBe('none');
  });

  it('cannot use a provider that takes a secret neither way, and says which ways it takes', () => {
    expect(() => tokenEndpointAuthMethod(['private_key_jwt', 'tls_client_auth'], 's')).toThrow(
      'the provider supports neither client_secret_basic nor client_secret_post, only: private_key_jwt, tls_client_auth',
    );
  });
});
