// The Jest configuration of every service's integration suites (`test/*.integration-spec.ts`): real PostgreSQL (one
// server for the run, a database per suite: see the global setup) and a real nats-server per suite. One file at a time:
// a suite starts several service processes, and two cores are shared with them (`npm test` runs two projects at once).
const path = require('node:path');

const workspaceRoot = path.resolve(__dirname, '..', '..', '..', '..');
const jestSupport = path.resolve(__dirname, '..', 'src', 'jest');

/**
 * @param {string} projectRoot the service's folder (`__dirname` of its jest.integration.config.js)
 * @param {string} name the service's name, shown before each result
 * @param {{ folder?: string, leaveOut?: string[] }} [files] the folder under `test/` whose suites this runs (all of
 *   `test/` by default), and folders under it that another configuration runs
 */
module.exports = function createIntegrationJestConfig(projectRoot, name, { folder = '', leaveOut = [] } = {}) {
  const testRoot = path.posix.join('<rootDir>/test', folder);
  return {
    displayName: `${name}-integration`,
    preset: path.join(workspaceRoot, 'jest.preset.js'),
    rootDir: projectRoot,
    testEnvironment: 'node',
    testMatch: [`${testRoot}/**/*.integration-spec.ts`],
    testPathIgnorePatterns: ['/node_modules/', ...leaveOut.map((other) => `<rootDir>/test/${other}/`)],
    testTimeout: 120000,
    maxWorkers: 1,
    globalSetup: path.join(jestSupport, 'shared-postgres.global-setup.ts'),
    globalTeardown: path.join(jestSupport, 'shared-postgres.global-teardown.ts'),
  };
};
