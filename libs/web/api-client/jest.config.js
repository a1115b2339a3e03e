// The client has no DOM code; Node's own fetch, AbortController and http server let the specs run against a real socket.
module.exports = {
  preset: '../../../jest.preset.js',
  displayName: 'web-api-client',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.spec.ts?(x)'],
};
