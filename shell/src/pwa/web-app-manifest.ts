import { SHARE_TARGET_PATH } from '@memories/web-offline/src/sharing/share-target';
import { APP_ICONS } from './app-icons';

/** Where the manifest, the icons and the service worker are served, at the shell's root. */
export const WEB_APP_MANIFEST_FILE = 'manifest.webmanifest';
export const APP_ICONS_FOLDER = 'icons';
export const SERVICE_WORKER_FILE = 'sw.js';

/** The light theme's primary colour (libs/web/ui create-app-theme) and the dark theme's background. */
export const THEME_COLOR_LIGHT = '#4f46e5';
export const THEME_COLOR_DARK = '#0f172a';

/**
 * The installed app: it opens on the dashboard in its own window. `id` stays fixed across releases so an install
 * is the same app after an update. The manifest has one theme colour; the page's two `theme-color` meta tags
 * (shell/src/index.html) give the dark one under `prefers-color-scheme: dark`.
 */
export const WEB_APP_MANIFEST = {
  id: '/',
  name: 'Memories',
  short_name: 'Memories',
  description: 'A private journal for the moments you want to keep.',
  lang: 'en',
  start_url: '/dashboard',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  background_color: '#f8fafc',
  theme_color: THEME_COLOR_LIGHT,
  categories: ['lifestyle', 'productivity'],
  // Sharing a page, a text or photos from another app opens a new memory with them (the service worker takes the POST).
  share_target: {
    action: SHARE_TARGET_PATH,
    method: 'POST',
    enctype: 'multipart/form-data',
    params: { title: 'title', text: 'text', url: 'url', files: [{ name: 'files', accept: ['image/*'] }] },
  },
  icons: APP_ICONS.filter((icon) => icon.purpose !== 'apple-touch').map((icon) => ({
    src: `/${APP_ICONS_FOLDER}/${icon.file}`,
    sizes: `${icon.size}x${icon.size}`,
    type: 'image/png',
    purpose: icon.purpose,
  })),
};
