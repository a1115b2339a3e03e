import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import type { RuntimeRemoteList, RuntimeRemoteName } from '@memories/contracts';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import type { Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import { OneShareRuntimePlugin } from './one-share-runtime-plugin';
import { PrecompressPlugin } from './precompress-plugin';
import { addReleaseFiles } from './release-files';
import { sharedModules } from './shared-singletons';
import { workspacePaths } from './workspace-paths';

type SharedModules = ReturnType<typeof sharedModules>;

const workspaceRoot = resolve(__dirname, '..', '..');

/** Dev-server port of every web app, one place for the shell's dev remote list and each remote's own server. */
export const webDevPorts: Record<'shell' | RuntimeRemoteName, number> = {
  shell: 4200,
  landing: 4201,
  memories: 4202,
  editor: 4203,
  viewer: 4204,
  settings: 4205,
};

/** Every dev server (shell and standalone remotes) proxies `/api` to the gateway's dev port. */
const apiProxyTarget = 'http://127.0.0.1:3000';

interface CommonOptions {
  /** The app folder (`__dirname` of its webpack.config.ts). */
  projectRoot: string;
}

export interface HostOptions extends CommonOptions {
  kind: 'host';
  name: 'shell';
}

export interface RemoteOptions extends CommonOptions {
  kind: 'remote';
  name: RuntimeRemoteName;
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
  return Object.fromEntries(
    Object.entries(workspacePaths()).map(([alias, target]) => [`${alias}$`, join(workspaceRoot, target)]),
  );
}

/**
 * The dev server's `/remotes.json`: every remote from its own dev server, on the hostname the page was opened with
 * (localhost or 127.0.0.1: the dev servers refuse cross-site script requests). MEMORIES_REMOTES_FILE may name a list
 * file instead (read on each request), e.g. to take some remotes from a running build. Production builds have no list.
 */
function devRemoteList(hostname: string): string {
  const file = process.env.MEMORIES_REMOTES_FILE;
  if (file) return readFileSync(resolve(file), 'utf8');
  const list: RuntimeRemoteList = {
    remotes: Object.entries(webDevPorts)
      .filter(([name]) => name !== 'shell')
      .map(([name, port]) => ({ name, entry: `http://${hostname}:${port}/mf-manifest.json` })),
  };
  return JSON.stringify(list);
}

function devServer(options: WebAppOptions): DevServerConfiguration {
  const common: DevServerConfiguration = {
    host: '127.0.0.1',
    port: webDevPorts[options.name],
    historyApiFallback: true,
    // No React Fast Refresh plugin is installed; a full reload on change keeps federated state consistent.
    hot: false,
    liveReload: true,
    client: {
      overlay: { warnings: false, errors: true },
      // The page's own hostname (localhost or 127.0.0.1, so the origin check passes) and this server's port: a remote's
      // reload client keeps talking to its own server even when the remote runs inside the shell on :4200.
      webSocketURL: `auto://0.0.0.0:${webDevPorts[options.name]}/ws`,
    },
    proxy: [{ context: ['/api'], target: apiProxyTarget }],
  };
  if (options.kind === 'remote') {
    // The shell on :4200 fetches this remote's manifest and chunks cross-origin.
    return { ...common, headers: { 'Access-Control-Allow-Origin': '*' } };
  }
  return {
    ...common,
    setupMiddlewares: (middlewares, server) => {
      server.app?.get('/remotes.json', (request, response) => {
        response.type('application/json').send(devRemoteList(request.hostname));
      });
      return middlewares;
    },
  };
}

/**
 * The host provides the MF runtime to the remotes (`provideExternalRuntime`), so a production remote entry does not
 * ship its own copy. The plugin that does this `require`s the CommonJS build of the runtime while webpack's bundler
 * runtime imports the ES build; pointing the plugin's request at the ES build keeps one copy in the shell.
 */
const singleFederationRuntime = {
  '@module-federation/runtime-tools/runtime-core$': require
    .resolve('@module-federation/runtime-tools/runtime-core')
    .replace(/\.cjs$/, '.js'),
};

/**
 * workbox-window's `module` entry is its ES5 build (async functions rewritten as state machines, classes as
 * prototypes); the package ships the same code for ES2017 beside it. Our apps are compiled for ES2022, so the shell
 * takes that build: 1 KiB gzip less on every first load (issue 39, target 2).
 */
const modernWorkboxWindow = {
  'workbox-window$': require.resolve('workbox-window/build/workbox-window.prod.mjs'),
};

/**
 * MUI modules that are always loaded together, in one chunk each family: each family is what one kind of screen
 * draws (an outlined text field, a list of memory cards, the signed-in top bar's avatar and the tag chips). Apart,
 * they were a dozen chunks of 0.2-4 KiB, each with its own request and wrapper, compressed alone, and some internals
 * copied into three of them (the form control's context): together 5.7 KiB gzip less on the dashboard's first load
 * (docs/performance.md, issue 39 target 2). A page that uses one member of a family loads all of it.
 * A family holds MUI's own modules only, which import each other by relative path: never a shared module's consumer
 * beside the module it consumes, the merge that hung the app once (a chunk waiting for itself).
 */
function muiFamilies(families: Record<string, string[]>) {
  // A module's path under node_modules/@mui without the `esm` folder: `material/Chip/Chip.js`, `utils/useSlot/...`.
  const underMui = /[\\/]node_modules[\\/]@mui[\\/]([a-z-]+)[\\/]esm[\\/](.+)$/;
  return Object.fromEntries(
    Object.entries(families).map(([name, parts]) => [
      name,
      {
        test: (module: { resource?: string }) => {
          const found = underMui.exec(module.resource ?? '');
          if (!found) return false;
          const path = `${found[1]}/${found[2].replace(/\\/g, '/')}`;
          return parts.some((part) => (part.endsWith('/') ? path.startsWith(part) : path === part));
        },
        name,
        priority: 10,
        enforce: true,
      },
    ]),
  );
}

/**
 * The shell provides every MUI component as its own lazily loaded shared module. webpack's default leaves a module
 * used by several async chunks inside each of them when the common part is under 20 KB, which would copy MUI's
 * internals (styles, ButtonBase, Paper, transitions) into dozens of component chunks: here they are split out once
 * per set of components that use them, from 2 KB. Below that a chunk of its own cost more than the copy it saved (its
 * request, its wrapper, and its id in the list of chunks every shared component loads): 1-2 KiB gzip less on each
 * first load than with no lower bound, against 1 KB and 3 KB (docs/performance.md, issue 39 target 2).
 */
const hostSplitChunks = {
  chunks: 'async',
  cacheGroups: {
    muiInternals: {
      test: /[\\/]node_modules[\\/](@mui|@emotion|@popperjs|react-transition-group|@babel[\\/]runtime|clsx|react-is|prop-types)[\\/]/,
      minSize: 2000,
      minChunks: 2,
      priority: 5,
      reuseExistingChunk: true,
    },
    ...muiFamilies({
      'mui-outlined-input': [
        'material/FormControl/index.js',
        'material/FormControl/FormControl.js',
        'material/FormControl/formControlClasses.js',
        'material/FormLabel/',
        'material/InputLabel/',
        'material/InputBase/',
        'material/OutlinedInput/',
        'material/TextareaAutosize/',
      ],
      'mui-form-control-state': [
        'material/FormControl/FormControlContext.js',
        'material/FormControl/useFormControl.js',
        'material/FormControl/formControlState.js',
      ],
      'mui-slots': [
        'material/utils/useSlot.js',
        'utils/appendOwnerState/',
        'utils/extractEventHandlers/',
        'utils/isHostComponent/',
        'utils/omitEventHandlers/',
        'utils/mergeSlotProps/',
        'utils/resolveComponentProps/',
      ],
      'mui-signed-in': [
        'material/Avatar/',
        'material/internal/svg-icons/Person.js',
        'material/Chip/',
        'material/internal/svg-icons/Cancel.js',
      ],
      'mui-memory-lists': [
        'material/ToggleButton/',
        'material/ToggleButtonGroup/',
        'utils/getValidReactChildren/',
        'material/Skeleton/',
        'material/Card/',
        'material/CardActionArea/',
      ],
    }),
  },
} as const;

/**
 * The minifier of every production build: SWC's (the compiler that already transforms the sources) instead of
 * webpack's default Terser, which took about 60 % of a build. Three compress passes (webpack's Terser does two): with
 * two, the first load of `/` came out 0.3 KiB (gzip) larger than Terser's; with three, no route's first load grows
 * (docs/performance.md, "Builds").
 */
export function productionMinimizer(): NonNullable<Configuration['optimization']>['minimizer'] {
  return [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, minimizerOptions: { compress: { passes: 3 } } })];
}

/**
 * webpack's persistent cache of an app's development build, under node_modules/.cache/webpack: a dev server started
 * again compiles only the modules that changed. It is invalidated by any change to these build files and by a change
 * of the shared modules, which are read from the sources rather than from a file.
 */
function persistentCache(options: WebAppOptions, shared: unknown): Configuration['cache'] {
  const buildFolder = join(options.projectRoot, 'build');
  return {
    type: 'filesystem',
    cacheDirectory: join(workspaceRoot, 'node_modules', '.cache', 'webpack'),
    name: options.name,
    version: createHash('sha256').update(JSON.stringify(shared)).digest('hex'),
    buildDependencies: {
      config: [
        `${__dirname}/`,
        join(options.projectRoot, 'webpack.config.ts'),
        ...(existsSync(buildFolder) ? [`${buildFolder}/`] : []),
        join(workspaceRoot, 'tsconfig.base.json'),
        join(workspaceRoot, '.swcrc'),
      ],
    },
  };
}

/** Every app's Module Federation runtime plugin: a shared module whose chunk failed to load can be loaded again. */
const retryFailedSharedLoadsPlugin = join(
  workspaceRoot,
  'libs',
  'web',
  'mf-runtime',
  'src',
  'retry-failed-shared-loads.runtime-plugin.ts',
);

/** The apps only run in browsers: leaves the runtime's Node.js script loading out of the bundles. */
const browserOnly = { target: 'web' } as const;

function federation(options: WebAppOptions, isProduction: boolean, shared: SharedModules): ModuleFederationPlugin {
  // mf-manifest.json is what hosts register; type generation (dts) is off: the apps share types through tsconfig paths.
  // loaded-first: a module the shell already provides (registered first) is never replaced by a remote's copy.
  // Every app's runtime forgets a shared module's failed load, so Retry can fetch the chunk again (the plugin says why).
  const common = {
    name: options.name,
    shared,
    shareStrategy: 'loaded-first',
    runtimePlugins: [retryFailedSharedLoadsPlugin] as string[],
    manifest: true,
    dts: false,
  } as const;
  if (options.kind === 'host') {
    // No remote URL at build time: the shell registers the manifests listed in /remotes.json at run time.
    return new ModuleFederationPlugin({
      ...common,
      remotes: {},
      experiments: { provideExternalRuntime: true, optimization: browserOnly },
    });
  }
  return new ModuleFederationPlugin({
    ...common,
    manifest: { additionalData: addReleaseFiles },
    filename: 'remoteEntry.js',
    exposes: options.exposes,
    experiments: { externalRuntime: isProduction, optimization: browserOnly },
  });
}

/**
 * One webpack configuration for the shell (MF host) and every remote. webpack-cli calls the returned function with
 * `--mode`, so `webpack --mode production` builds hashed assets into `<app>/dist` and `webpack serve --mode
 * development`
 * serves the app on its port. A remote's standalone harness (`src/harness/main.ts`) exists only in development.
 */
export function createWebpackConfig(options: WebAppOptions) {
  return (_env: unknown, argv: WebpackArgv): Configuration & { devServer: DevServerConfiguration } => {
    const isProduction = argv.mode !== 'development';
    const isHost = options.kind === 'host';
    const withPage = isHost || !isProduction;
    const entry = isHost ? './src/main.ts' : './src/harness/main.ts';
    const hashed = isProduction ? '.[contenthash]' : '';
    const shared = sharedModules(options.kind, isProduction);
    return {
      mode: isProduction ? 'production' : 'development',
      context: options.projectRoot,
      // Production builds (npm start, CI) run cold on a fresh clone, where filling the cache cost 28 % more CPU, and
      // Nx already skips an app that did not change; the dev servers restart warm.
      cache: isProduction ? false : persistentCache(options, shared),
      // A remote build with no page still needs an entry object; the container entry comes from the MF plugin.
      entry: withPage ? { main: entry } : {},
      devtool: isProduction ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: join(options.projectRoot, 'dist'),
        filename: `[name]${hashed}.js`,
        // Hashed in development too: chunk names are not unique there (a shell-provided MUI component and its
        // consumer-side fallback are two chunks named after the same file).
        chunkFilename: '[name].[contenthash].js',
        assetModuleFilename: `assets/[name]${hashed}[ext]`,
        // The shell serves deep links (/memory/edit/1), so its assets are rooted; a remote is served under any prefix.
        publicPath: isHost ? '/' : 'auto',
        uniqueName: options.name,
        // A module that threw while it ran (its shared dependency's chunk failed to load) is run again next time,
        // instead of staying in the module cache half-initialised: that is what lets a part's Retry recover.
        strictModuleExceptionHandling: true,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
        alias: { ...workspaceAliases(), ...(isHost ? { ...singleFederationRuntime, ...modernWorkboxWindow } : {}) },
      },
      module: {
        rules: [
          {
            test: /\.[jt]sx?$/,
            exclude: /node_modules/,
            use: { loader: 'swc-loader', options: swcLoaderOptions(isProduction) },
          },
          { test: /\.(png|svg|jpe?g|gif|webp|ico)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        federation(options, isProduction, shared),
        new OneShareRuntimePlugin(),
        ...(isProduction ? [new PrecompressPlugin()] : []),
        ...(withPage
          ? [
              new HtmlWebpackPlugin({
                favicon: join(workspaceRoot, 'libs', 'web', 'ui', 'assets', 'favicon.svg'),
                chunks: ['main'],
                // The shell has its own page; every remote's dev harness shares one.
                ...(isHost
                  ? { template: join(options.projectRoot, 'src', 'index.html') }
                  : {
                      template: join(__dirname, 'harness.html'),
                      title: `Memories · ${options.name} remote (standalone)`,
                      // The harness is served at its dev server's root; rooted URLs keep deep links (/memory/1)
                      // working.
                      publicPath: '/',
                    }),
              }),
            ]
          : []),
      ],
      optimization: {
        minimizer: productionMinimizer(),
        moduleIds: isProduction ? 'deterministic' : 'named',
        ...(isHost ? { splitChunks: hostSplitChunks } : {}),
      },
      performance: { hints: false },
      devServer: devServer(options),
    };
  };
}
