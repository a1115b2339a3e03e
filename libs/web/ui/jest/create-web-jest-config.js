// The Jest configuration of every web project (shell, remotes, web libs): the root preset, jsdom with what it lacks,
// jest-dom matchers, specs next to the code.
const path = require('node:path');

const workspaceRoot = path.resolve(__dirname, '..', '..', '..', '..');

/**
 * @param {string} projectRoot the project's folder (`__dirname` of its jest.config.js)
 * @param {{ displayName: string, testEnvironment?: string }} options `testEnvironment: 'node'` for DOM-free code
 */
module.exports = function createWebJestConfig(
  projectRoot,
  { displayName, testEnvironment = path.join(__dirname, 'web-environment.js') },
) {
  return {
    preset: path.join(workspaceRoot, 'jest.preset.js'),
    rootDir: projectRoot,
    displayName,
    testEnvironment,
    testMatch: ['<rootDir>/src/**/*.spec.ts?(x)'],
    setupFilesAfterEnv: [path.join(__dirname, 'web-setup.js')],
  };
};
