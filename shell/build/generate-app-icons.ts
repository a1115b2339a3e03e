/**
 * Renders the app's icons (shell/src/pwa/icons/*.png) from the one drawing, libs/web/ui/assets/favicon.svg, with
 * resvg. The PNGs are committed so that a build needs no native renderer; run this again after changing the drawing:
 *   npx tsx shell/build/generate-app-icons.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { APP_ICONS, type AppIcon } from '../src/pwa/app-icons';

const shellRoot = resolve(__dirname, '..');
const workspaceRoot = resolve(shellRoot, '..');
const drawing = readFileSync(join(workspaceRoot, 'libs', 'web', 'ui', 'assets', 'favicon.svg'), 'utf8');
const { background } = APP_ICONS.find((icon) => icon.background)!;

/**
 * Maskable and Apple touch icons must be opaque to the edges (the platform cuts its own shape): the drawing's
 * rounded square sits on a full-bleed square of the same colour. Its letter stays within the central 80 % circle
 * that every mask keeps.
 */
function svgFor(icon: AppIcon): string {
  if (!icon.background) return drawing;
  const inner = drawing.replace('<svg ', '<svg x="0" y="0" width="64" height="64" ');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${background}"/>${inner}</svg>`;
}

for (const icon of APP_ICONS) {
  const png = new Resvg(svgFor(icon), { fitTo: { mode: 'width', value: icon.size } }).render().asPng();
  writeFileSync(join(shellRoot, 'src', 'pwa', 'icons', icon.file), png);
  console.log(`${icon.file}: ${icon.size}×${icon.size}, ${png.length} bytes`);
}
