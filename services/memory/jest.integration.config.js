// Integration specs run against a real PostgreSQL (one server for the run, a database per suite) and a real
// nats-server; they run one file at a time on 2 cores.
const testing = '<rootDir>/../../libs/server/testing/src/jest';

module.exports = {
  displayName: 'memory-integration',
  preset: '../../jest.preset.js',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/**/*.integration-spec.ts'],
  testTimeout: 120000,
  maxWorkers: 1,
  globalSetup: `${testing}/shared-postgres.global-setup.ts`,
  globalTeardown: `${testing}/shared-postgres.global-teardown.ts`,
};
