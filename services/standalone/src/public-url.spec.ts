import { loadStandaloneConfig } from './config/standalone.config';
import { standalonePublicUrl } from './public-url';

describe('standalonePublicUrl', () => {
  it('publishes localhost for a loopback or all-interfaces listener (passkeys need a host name)', () => {
    expect(standalonePublicUrl(loadStandaloneConfig({ HOST: '127.0.0.1', PORT: '3180' }), {})).toBe(
      'http://localhost:3180',
    );
    expect(standalonePublicUrl(loadStandaloneConfig({ HOST: '0.0.0.0', PORT: '3000' }), {})).toBe(
      'http://localhost:3000',
    );
  });

  it('keeps a named host, and PUBLIC_URL wins over both', () => {
    expect(standalonePublicUrl(loadStandaloneConfig({ HOST: 'journal.lan', PORT: '3000' }), {})).toBe(
      'http://journal.lan:3000',
    );
    expect(standalonePublicUrl(loadStandaloneConfig({}), { PUBLIC_URL: 'https://journal.example.com/' })).toBe(
      'https://journal.example.com',
    );
  });
});
