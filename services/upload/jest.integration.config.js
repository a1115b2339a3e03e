// Integration specs start a real PostgreSQL and a real nats-server; they run one file at a time on 2 cores.
module.exports = {
  displayName: 'upload-integration',
  preset: '../../jest.preset.js',
  testEnvironment: 'node',
  // marked (under @tiptap/markdown) ships ES modules only: compiled like our sources.
  transformIgnorePatterns: ['/node_modules/(?!marked/)'],
  testMatch: ['<rootDir>/test/**/*.integration-spec.ts'],
  testTimeout: 120000,
  maxWorkers: 1,
};
