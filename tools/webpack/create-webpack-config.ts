import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import type { Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import { sharedSingletons } from './shared-singletons';

const workspaceRoot = resolve(__dirname, '..', '..');

/** Dev-server port of every web app, one place for the shell's dev remote list and each remote's own server. */
export const webDevPorts = { shell: 4200, landing: 4201, memories: 4202, editor: 4203, viewer: 4204 } as const;

export type RemoteName = Exclude<keyof typeof webDevPorts, 'shell'>;

interface CommonOptions {
  /** The app folder (`__dirname` of its webpack.config.ts). */
  projectRoot: string;
}

export interface HostOptions extends CommonOptions {
  kind: 'host';
  name: 'shell';
  /** Served as `/remotes.json` by the dev server only; production builds never contain a remote list. */
  devRemoteListFile: string;
  /** Where the dev server proxies `/api`. */
  apiProxyTarget: string;
}

export interface RemoteOptions extends CommonOptions {
  kind: 'remote';
  name: RemoteName;
  /** Module Federation exposes, e.g. `{ './LandingPage': './src/landing-page/LandingPage.tsx' }`. */
  exposes: Record<string, string>;
}

export type WebAppOptions = HostOptions | RemoteOptions;

interface WebpackArgv {
  mode?: Configuration['mode'];
}

/**
 * The root .swcrc (shared with the Node builds and Jest), adapted for browsers: ES modules so webpack can tree-shake
 * and split, and React's development transform in development for better warnings.
 */
function swcLoaderOptions(isProduction: boolean): Record<string, unknown> {
  const { exclude: _buildOnlyExclude, ...swcrc } = JSON.parse(readFileSync(join(workspaceRoot, '.swcrc'), 'utf8'));
  return {
    ...swcrc,
    swcrc: false,
    sourceMaps: !isProduction,
    module: { type: 'es6' },
    jsc: {
      ...swcrc.jsc,
      transform: { ...swcrc.jsc.transform, react: { ...swcrc.jsc.transform.react, development: !isProduction } },
    },
  };
}

/** `@memories/*` resolve to source, exactly as tsconfig.base.json `paths` say (one truth for tsc, Jest and webpack). */
function workspaceAliases(): Record<string, string> {
  const { compilerOptions } = JSON.parse(readFileSync(join(workspaceRoot, 'tsconfig.base.json'), 'utf8'));
  const paths: Record<string, string[]> = compilerOptions.paths;
  return Object.fromEntries(Object.entries(paths).map(([alias, [target]]) => [`${alias}$`, join(workspaceRoot, target)]));
}

function devServer(options: WebAppOptions): DevServerConfiguration {
  const common: DevServerConfiguration = {
    host: '127.0.0.1',
    port: webDevPorts[options.name],
    historyApiFallback: true,
    // No React Fast Refresh plugin is installed; a full reload on change keeps federated state consistent.
    hot: false,
    liveReload: true,
    client: { overlay: { warnings: false, errors: true } },
  };
  if (options.kind === 'remote') {
    // The shell on :4200 fetches this remote's manifest and chunks cross-origin.
    return { ...common, headers: { 'Access-Control-Allow-Origin': '*' } };
  }
  return {
    ...common,
    proxy: [{ context: ['/api'], target: options.apiProxyTarget, changeOrigin: false }],
    setupMiddlewares: (middlewares, server) => {
      // Read on every request, so a developer can point one remote at another build without restarting.
      server.app?.get('/remotes.json', (_request, response) => {
        response.type('application/json').send(readFileSync(options.devRemoteListFile, 'utf8'));
      });
      return middlewares;
    },
  };
}

function federation(options: WebAppOptions): ModuleFederationPlugin {
  const common = { name: options.name, shared: sharedSingletons, dts: false } as const;
  if (options.kind === 'host') {
    // No remote URL at build time: the shell registers the manifests listed in /remotes.json at run time.
    return new ModuleFederationPlugin({ ...common, remotes: {} });
  }
  return new ModuleFederationPlugin({
    ...common,
    filename: 'remoteEntry.js',
    exposes: options.exposes,
    manifest: true,
  });
}

/**
 * One webpack configuration for the shell (MF host) and every remote. webpack-cli calls the returned function with
 * `--mode`, so `webpack --mode production` builds hashed assets into `<app>/dist` and `webpack serve --mode development`
 * serves the app on its port. A remote's standalone harness (`src/harness/main.ts`) exists only in development.
 */
export function createWebpackConfig(options: WebAppOptions) {
  return (_env: unknown, argv: WebpackArgv): Configuration & { devServer: DevServerConfiguration } => {
    const isProduction = argv.mode !== 'development';
    const isHost = options.kind === 'host';
    const withPage = isHost || !isProduction;
    const entry = isHost ? './src/main.ts' : './src/harness/main.ts';
    const hashed = isProduction ? '.[contenthash]' : '';
    return {
      mode: isProduction ? 'production' : 'development',
      context: options.projectRoot,
      // A remote build with no page still needs an entry object; the container entry comes from the MF plugin.
      entry: withPage ? { main: entry } : {},
      devtool: isProduction ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: join(options.projectRoot, 'dist'),
        filename: `[name]${hashed}.js`,
        chunkFilename: `[name]${hashed}.js`,
        assetModuleFilename: `assets/[name]${hashed}[ext]`,
        // The shell serves deep links (/memory/edit/1), so its assets are rooted; a remote is served under any prefix.
        publicPath: isHost ? '/' : 'auto',
        uniqueName: options.name,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
        alias: workspaceAliases(),
      },
      module: {
        rules: [
          { test: /\.[jt]sx?$/, exclude: /node_modules/, use: { loader: 'swc-loader', options: swcLoaderOptions(isProduction) } },
          { test: /\.(png|svg|jpe?g|gif|webp|ico)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        federation(options),
        ...(withPage
          ? [new HtmlWebpackPlugin({ template: join(options.projectRoot, 'src', 'index.html'), chunks: ['main'] })]
          : []),
      ],
      optimization: { moduleIds: isProduction ? 'deterministic' : 'named' },
      performance: { hints: false },
      devServer: devServer(options),
    };
  };
}
