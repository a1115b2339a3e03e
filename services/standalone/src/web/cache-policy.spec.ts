import { cacheControlFor } from './cache-policy';

describe('cacheControlFor', () => {
  it('caches files with a content hash in their name for a year', () => {
    expect(cacheControlFor('/static/js/main.3f9a1c2b.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('482.a1b2c3d4e5f6.css')).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates the entry points that name the hashed files', () => {
    for (const file of ['index.html', 'remotes/landing/mf-manifest.json', 'remotes.json', 'remoteEntry.js']) {
      expect(cacheControlFor(file)).toBe('no-cache');
    }
  });

  it('revalidates files without a hash', () => {
    expect(cacheControlFor('favicon.ico')).toBe('no-cache');
    expect(cacheControlFor('robots.txt')).toBe('no-cache');
  });
});
