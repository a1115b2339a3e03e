module.exports = {
  displayName: 'upload',
  preset: '../../jest.preset.js',
  testEnvironment: 'node',
  // marked (under @tiptap/markdown) ships ES modules only: compiled like our sources.
  transformIgnorePatterns: ['/node_modules/(?!marked/)'],
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
