module.exports = {
  preset: '../../../jest.preset.js',
  displayName: 'web-session',
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/src/**/*.spec.ts?(x)'],
};
