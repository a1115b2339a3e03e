import type { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';

type SharedConfig = NonNullable<ConstructorParameters<typeof ModuleFederationPlugin>[0]['shared']>;

/**
 * The ONE list of Module Federation shared singletons, used by the shell and every remote.
 * One React (hooks break with two copies), one router (one history and route context), one Emotion (one theme
 * context and style cache) and one session + api-client (the session the shell initialises is the one every remote
 * reads). `@mui/material` is not on the list: shared libraries are not tree-shaken, and the measured first load of the
 * shell + landing route is smaller when each app bundles only the MUI components it uses (numbers in README.md).
 * The theme still reaches every remote through Emotion's shared ThemeContext, dark mode through CSS variables.
 */
const singletonPackages = [
  'react',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'react-dom',
  'react-dom/client',
  'react-router',
  '@emotion/react',
  '@emotion/styled',
  '@memories/web-session',
  '@memories/web-api-client',
];

export const sharedSingletons: SharedConfig = Object.fromEntries(
  singletonPackages.map((name) => [name, { singleton: true }]),
);
