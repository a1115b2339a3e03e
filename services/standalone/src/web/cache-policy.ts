import path from 'node:path';

const REVALIDATE = 'no-cache';
const FOREVER = 'public, max-age=31536000, immutable';

// Files whose name carries a content hash (e.g. main.3f9a1c2b.js, 482.a1b2c3d4e5.css) never change.
const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;
// Entry points that name the hashed files: always revalidated, so a new deployment is picked up at once.
const ENTRY_POINTS = new Set(['index.html', 'mf-manifest.json', 'remotes.json', 'remoteEntry.js', 'mf-stats.json']);

/** Cache-Control of a static file: hashed files are cached for a year, everything else revalidates. */
export function cacheControlFor(filePath: string): string {
  const name = path.basename(filePath);
  if (ENTRY_POINTS.has(name) || name.endsWith('.html')) return REVALIDATE;
  return HASHED.test(name) ? FOREVER : REVALIDATE;
}
