import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { workspacePaths } from './workspace-paths';

type SharedConfig = NonNullable<ConstructorParameters<typeof ModuleFederationPlugin>[0]['shared']>;

const workspaceRoot = resolve(__dirname, '..', '..');

/** A package's singleton entry points (`<package>/<part>`), as tsconfig.base.json names them. */
function entryPointsOf(packageName: string): string[] {
  return Object.keys(workspacePaths()).filter((alias) => alias.startsWith(`${packageName}/`));
}

/**
 * The ONE list of Module Federation shared singletons, used by the shell and every remote.
 * One React (hooks break with two copies), one router (one history and route context), one Emotion (one theme
 * context and style cache) and one session + api client (the session the shell initialises is the one every remote
 * reads; the client and each area's calls as entry points of their own, so a page loads the calls it makes) + offline
 * store and outbox (one pending count, one drain) + the keys of unlocked journals (a journal unlocked in Settings is
 * unlocked in the editor, and sign-out or the idle time locks the one set of keys). Of the journals' cryptography only
 * that store is shared: its functions are bundled where they are used, so a signed-in page that unlocks nothing does
 * not load them. The same for the journals themselves: their store is shared (a journal made in Settings is in the
 * editor's picker), their components and functions are built into each app.
 */
const singletonPackages = () => [
  'react',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'react-dom',
  'react-dom/client',
  'react-router',
  '@emotion/react',
  '@emotion/styled',
  '@memories/web-session',
  ...entryPointsOf('@memories/web-api-client'),
  '@memories/web-offline',
  ...entryPointsOf('@memories/web-crypto'),
  ...entryPointsOf('@memories/web-journals'),
];

/** Where the web apps' own code lives: the shell, every remote and the web libs they build in. */
const webSourceRoots = () => [
  join(workspaceRoot, 'shell', 'src'),
  ...['remotes', join('libs', 'web')].flatMap((parent) =>
    readdirSync(join(workspaceRoot, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(workspaceRoot, parent, entry.name, 'src')),
  ),
];

function sourceFiles(folder: string): string[] {
  let entries;
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/**
 * The `@mui/material/<Component>` entry points the web apps import, found in their source at build time.
 * `styles` stays out: it re-exports all of MUI's theming (a shared module is not tree-shaken) and only the shell's
 * theme provider uses it. `utils` goes in: every `@mui/icons-material` icon imports `createSvgIcon` from it.
 */
export function muiEntryPointsInUse(roots: string[] = webSourceRoots()): string[] {
  const found = new Set<string>(['@mui/material/utils']);
  for (const file of roots.flatMap(sourceFiles)) {
    for (const [, request] of readFileSync(file, 'utf8').matchAll(/from '(@mui\/material\/[A-Za-z]+)'/g))
      found.add(request);
  }
  found.delete('@mui/material/styles');
  return [...found].sort();
}

/** Hooks and components any app may use besides those found in the source, so a remote built later still finds them. */
const reactRouterBaseline = [
  'Link',
  'NavLink',
  'Navigate',
  'Outlet',
  'ScrollRestoration',
  'RouterProvider',
  'createBrowserRouter',
  'isRouteErrorResponse',
  'useBlocker',
  'useHref',
  'useInRouterContext',
  'useLocation',
  'useMatch',
  'useNavigate',
  'useNavigation',
  'useParams',
  'useResolvedPath',
  'useRouteError',
  'useSearchParams',
  'generatePath',
  'matchPath',
];

/** The value names the web apps import from `react-router` (types are erased), found in their source. */
export function reactRouterNamesInUse(roots: string[] = webSourceRoots()): string[] {
  const names = new Set(reactRouterBaseline);
  for (const file of roots.flatMap(sourceFiles)) {
    for (const [, list] of readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'react-router'/g)) {
      for (const part of list.split(',')) {
        const name = part.trim().split(/\s+as\s+/)[0];
        if (name && !name.startsWith('type ')) names.add(name);
      }
    }
  }
  return [...names].sort();
}

/** The `version` of the package.json in `folder`. */
function packageVersion(folder: string): string {
  return (JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * react-router as the apps share it: a module that re-exports only the names the apps use, from react-router's
 * production build. A shared module is not tree-shaken, and webpack's export conditions pick react-router's
 * development build, so sharing the package itself put all of it, in its development form, into every first load.
 * Generated (names from the source) under node_modules/.cache; written atomically as parallel builds write it too.
 */
function reactRouterShim(isProduction: boolean): { path: string; version: string } {
  const root = dirname(require.resolve('react-router/package.json', { paths: [workspaceRoot] }));
  const version = packageVersion(root);
  const build = join(root, 'dist', isProduction ? 'production' : 'development', 'index.mjs');
  const folder = join(workspaceRoot, 'node_modules', '.cache', 'memories-webpack');
  const path = join(folder, `react-router.${isProduction ? 'production' : 'development'}.mjs`);
  mkdirSync(folder, { recursive: true });
  const temporary = `${path}.${process.pid}`;
  writeFileSync(temporary, `export { ${reactRouterNamesInUse().join(', ')} } from ${JSON.stringify(build)};\n`);
  renameSync(temporary, path);
  return { path, version };
}

/**
 * What every page paints first (the top bar, buttons, text, the loading indicator, icons): the shell bundles these in
 * its entry chunk (`eager`) together with MUI's common internals (theme, styled engine, ButtonBase, Paper), so the
 * other components load as small chunks without copies of those internals.
 */
const firstPaintMui = [
  'AppBar',
  'Box',
  'Button',
  'ButtonBase',
  'CircularProgress',
  'Container',
  'CssBaseline',
  'IconButton',
  'Link',
  'Paper',
  'Stack',
  'Toolbar',
  'Typography',
  'utils',
];

const eagerSingletons = ['react', 'react/jsx-runtime', 'react-dom', '@emotion/react', '@emotion/styled'];

/**
 * The version of the workspace package a source file belongs to: its nearest package.json, the workspace's own at the
 * latest.
 */
function ownPackageVersion(source: string): string {
  let folder = dirname(join(workspaceRoot, source));
  while (folder !== workspaceRoot && !existsSync(join(folder, 'package.json'))) folder = dirname(folder);
  return packageVersion(folder);
}

/**
 * Shared modules of the shell (`host`) or a remote. MUI components are shared by entry point and the shell provides
 * all of them (listed from the source; an explicit `import` path makes a build provide a component it does not use
 * itself), so the shell's build holds every component any app imports, each loaded only when first used, with their
 * common internals (styles, ButtonBase, transitions) once. The shell registers its share scope before any remote and
 * its entries are `loaded-first`, so a remote consumes the shell's modules.
 *
 * A production remote therefore bundles no copy of any shared module (`import: false`): it takes each one from the
 * shell of its release, which is built from the same sources (the shell's build inputs include every remote's source).
 * Those copies were never loaded and were a third of every remote's build (docs/decisions.md, "A remote takes its
 * shared modules from the shell"). A remote in development keeps its own copies: its harness runs without the shell.
 */
export function sharedModules(kind: 'host' | 'remote', isProduction: boolean): SharedConfig {
  const fromTheShellOnly = kind === 'remote' && isProduction ? { import: false as const } : {};
  const muiRoot = dirname(require.resolve('@mui/material/package.json', { paths: [workspaceRoot] }));
  const version = packageVersion(muiRoot);
  const mui = muiEntryPointsInUse().map((request) => {
    const entry = request.slice('@mui/material/'.length);
    return [
      request,
      kind === 'host'
        ? // The ES build, as webpack resolves `@mui/material/<X>` for browsers (the package's "default" export condition).
          {
            import: join(muiRoot, 'esm', entry, 'index.js'),
            version,
            requiredVersion: `^${version}`,
            eager: firstPaintMui.includes(entry),
          }
        : // The version is explicit: MUI's esm/ folder has a package.json without one, which webpack would otherwise
          // take as the description file.
          { version, requiredVersion: `^${version}`, ...fromTheShellOnly },
    ];
  });
  const router = reactRouterShim(isProduction);
  const ourSources = workspacePaths();
  const ownVersion = (source: string) => {
    const version = ownPackageVersion(source);
    return { version, requiredVersion: `^${version}` };
  };
  const singletons = singletonPackages().map((name) => [
    name,
    name === 'react-router'
      ? {
          singleton: true,
          import: router.path,
          version: router.version,
          requiredVersion: `^${router.version}`,
          ...fromTheShellOnly,
        }
      : {
          singleton: true,
          // The eager MUI components need React, ReactDOM (transitions) and Emotion synchronously, so those are eager
          // too.
          eager: kind === 'host' && eagerSingletons.includes(name),
          // The shell provides our own libraries from their source even where it does not import them itself (the
          // calls only Settings makes, say), as it does MUI's components: a production remote has no copy of its own.
          ...(kind === 'host' && ourSources[name] ? { import: join(workspaceRoot, ourSources[name]) } : {}),
          // Their versions are explicit on both sides: from an import path webpack finds none, so the shell offered
          // version "0" where a remote asked for its dependency's "0.1.0", and the runtime warned on every page.
          ...(ourSources[name] ? ownVersion(ourSources[name]) : {}),
          ...fromTheShellOnly,
        },
  ]);
  return Object.fromEntries([...singletons, ...mui]);
}
