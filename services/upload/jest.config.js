// `jest --outputFile` does not create its folder.
require('node:fs').mkdirSync(require('node:path').join(__dirname, 'test-results'), { recursive: true });

module.exports = {
  displayName: 'upload',
  preset: '../../jest.preset.js',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
