// Integration specs start a real PostgreSQL and a real nats-server; they run one file at a time on 2 cores.
module.exports = {
  displayName: 'notify-integration',
  preset: '../../jest.preset.js',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/**/*.integration-spec.ts'],
  testTimeout: 120000,
  maxWorkers: 1,
};
