// One Jest preset for every project: SWC transforms TypeScript with the same compiler settings as the builds,
// and the tsconfig path aliases resolve @memories/* to source, so tests never depend on a prior build.
const fs = require('node:fs');
const path = require('node:path');
const { compilerOptions } = require('./tsconfig.base.json');

// .swcrc's `exclude` keeps spec files out of builds; here the specs are exactly what must be compiled.
const { exclude: _buildOnlyExclude, ...swcOptions } = JSON.parse(
  fs.readFileSync(path.join(__dirname, '.swcrc'), 'utf8'),
);

const moduleNameMapper = Object.fromEntries(
  Object.entries(compilerOptions.paths).map(([alias, [target]]) => [`^${alias}$`, path.join(__dirname, target)]),
);

// Every project's `test` script writes `jest --json --outputFile=test-results/<kind>.json`, and Jest does not create
// the folder. npm runs a workspace's scripts in its folder, so the current directory is the project's.
fs.mkdirSync(path.join(process.cwd(), 'test-results'), { recursive: true });

module.exports = {
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', { ...swcOptions, swcrc: false }] },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  moduleNameMapper,
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // Packages published only as ES modules, which Node 20 requires natively but Jest's module system does not
  // (@scure/base and @noble/hashes 2, under otplib, installed at the top or inside otplib's plugins; marked, under
  // @tiptap/markdown; openid-client with its oauth4webapi and jose): compiled to CommonJS like our own sources, in
  // every project that reaches them.
  transformIgnorePatterns: [
    '/node_modules/(?!(@scure/base|@noble/hashes|@otplib/[^/]+/node_modules/(@scure/base|@noble/hashes)|marked|openid-client|oauth4webapi|jose)/)',
  ],
  clearMocks: true,
  restoreMocks: true,
};
