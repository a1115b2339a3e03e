module.exports = {
  displayName: 'editor-schema',
  preset: '../../../jest.preset.js',
  // Shared code must work without a DOM: the memory service runs it in plain Node.
  testEnvironment: 'node',
  // marked (under @tiptap/markdown) ships ES modules only: compiled like our sources.
  transformIgnorePatterns: ['/node_modules/(?!marked/)'],
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
