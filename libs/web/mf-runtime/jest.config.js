module.exports = {
  preset: '../../../jest.preset.js',
  displayName: 'web-mf-runtime',
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/src/**/*.spec.ts?(x)'],
  setupFilesAfterEnv: ['@testing-library/jest-dom'],
};
