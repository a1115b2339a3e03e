import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import webpack, {
  sources,
  type Compiler,
  type Configuration,
  type RuleSetRule,
  type WebpackPluginInstance,
} from 'webpack';
import { injectManifest } from 'workbox-build';
import { APP_ICONS } from '../src/pwa/app-icons';
import {
  APP_ICONS_FOLDER,
  SERVICE_WORKER_FILE,
  THEME_COLOR_DARK,
  THEME_COLOR_LIGHT,
  WEB_APP_MANIFEST,
  WEB_APP_MANIFEST_FILE,
} from '../src/pwa/web-app-manifest';

const shellRoot = join(__dirname, '..');
const PLUGIN_NAME = 'WebAppManifestPlugin';

const headTag = (tagName: string, attributes: Record<string, string>) => ({
  tagName,
  voidTag: true,
  attributes,
  meta: { plugin: PLUGIN_NAME },
});

/**
 * Emits the web app manifest and its icons at the shell's root (unhashed: the manifest names them, and install
 * prompts fetch them by those names), and links them from the page with the light and dark theme colours.
 */
class WebAppManifestPlugin implements WebpackPluginInstance {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap(PLUGIN_NAME, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: PLUGIN_NAME, stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          compilation.emitAsset(
            WEB_APP_MANIFEST_FILE,
            new sources.RawSource(`${JSON.stringify(WEB_APP_MANIFEST, null, 2)}\n`),
          );
          for (const icon of APP_ICONS) {
            compilation.emitAsset(
              `${APP_ICONS_FOLDER}/${icon.file}`,
              new sources.RawSource(readFileSync(join(shellRoot, 'src', 'pwa', 'icons', icon.file))),
            );
          }
        },
      );
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(PLUGIN_NAME, (groups) => {
        const icon = (purpose: string) => APP_ICONS.find((candidate) => candidate.purpose === purpose)!;
        groups.headTags.push(
          headTag('link', { rel: 'manifest', href: `/${WEB_APP_MANIFEST_FILE}` }),
          headTag('link', {
            rel: 'icon',
            type: 'image/png',
            sizes: '48x48',
            href: `/${APP_ICONS_FOLDER}/${icon('any').file}`,
          }),
          headTag('link', { rel: 'apple-touch-icon', href: `/${APP_ICONS_FOLDER}/${icon('apple-touch').file}` }),
          headTag('meta', { name: 'theme-color', media: '(prefers-color-scheme: light)', content: THEME_COLOR_LIGHT }),
          headTag('meta', { name: 'theme-color', media: '(prefers-color-scheme: dark)', content: THEME_COLOR_DARK }),
        );
        return groups;
      });
    });
  }
}

const SERVICE_WORKER_SOURCE = join(shellRoot, 'src', 'pwa', 'service-worker', 'service-worker.ts');

/**
 * The worker alone: one script, no Module Federation (the shell compilation's plugins would split it into shared
 * chunks).
 */
function serviceWorkerConfig(shell: Compiler['options'], outputPath: string, swcRule: RuleSetRule): Configuration {
  return {
    mode: shell.mode,
    target: 'webworker',
    entry: SERVICE_WORKER_SOURCE,
    devtool: false,
    output: { path: outputPath, filename: SERVICE_WORKER_FILE },
    resolve: { extensions: ['.ts', '.js', '.mjs'] },
    module: { rules: [swcRule] },
    optimization: { minimizer: shell.optimization.minimizer },
  };
}

function compile(config: Configuration): Promise<void> {
  return new Promise((resolve, reject) => {
    webpack(config, (error, stats) => {
      if (error) reject(error);
      else if (stats?.hasErrors()) reject(new Error(stats.toString({ all: false, errors: true })));
      else resolve();
    });
  });
}

/**
 * Builds the Workbox service worker (src/pwa/service-worker) after the shell is written, and injects the precache
 * list of every file the shell build emitted, by revision (workbox-build's injectManifest, the same step as
 * workbox-webpack-plugin's InjectManifest, whose child compilation inherits the federation plugin's hooks). Source
 * maps, licence notes and the precompressed .br/.gz copies stay out: the browser asks for the file itself.
 */
class ServiceWorkerPlugin implements WebpackPluginInstance {
  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tapPromise('ServiceWorkerPlugin', async () => {
      const outputPath = compiler.options.output.path!;
      // The shell's own TypeScript rule and minifier (swc), so the worker compiles exactly like the app.
      const swcRule = compiler.options.module.rules.find(
        (rule): rule is RuleSetRule => typeof rule === 'object' && rule !== null && String(rule.test).includes('jt'),
      );
      if (!swcRule) throw new Error('The shell build has no TypeScript rule to compile the service worker with.');
      const scratch = mkdtempSync(join(tmpdir(), 'memories-sw-'));
      try {
        await compile(serviceWorkerConfig(compiler.options, scratch, swcRule));
        const { warnings } = await injectManifest({
          swSrc: join(scratch, SERVICE_WORKER_FILE),
          swDest: join(outputPath, SERVICE_WORKER_FILE),
          globDirectory: outputPath,
          globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
          globIgnores: [SERVICE_WORKER_FILE, '**/*.map', '**/*.LICENSE.txt'],
          // Content-hashed names are their own revision.
          dontCacheBustURLsMatching: /[.-][0-9a-f]{8,}\.[a-z0-9]+$/,
          // The shell's lazily loaded MUI chunks are many and small; the largest is well under this.
          maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
        });
        for (const warning of warnings) console.warn(`service worker: ${warning}`);
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    });
  }
}

/**
 * The installable, offline shell of a production build: the manifest and icons, and the service worker.
 * Development builds have neither: the dev servers reload on every change, which a caching worker would fight.
 */
export function pwaWebpackPlugins(): WebpackPluginInstance[] {
  return [new WebAppManifestPlugin(), new ServiceWorkerPlugin()];
}
