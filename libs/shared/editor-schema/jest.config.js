const { mkdirSync } = require('node:fs');
const path = require('node:path');

// `jest --outputFile` does not create its folder, and test-results/ is not in git.
mkdirSync(path.join(__dirname, 'test-results'), { recursive: true });

module.exports = {
  displayName: 'editor-schema',
  preset: '../../../jest.preset.js',
  // Shared code must work without a DOM: the memory service runs it in plain Node.
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
