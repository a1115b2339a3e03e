module.exports = {
  displayName: 'editor-schema',
  preset: '../../../jest.preset.js',
  // Shared code must work without a DOM: the memory service runs it in plain Node.
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
