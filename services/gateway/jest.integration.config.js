// The suites under test/resilience run as their own target (jest.resilience.config.js), beside these.
module.exports = require('@memories/server-testing/jest/create-integration-jest-config.js')(__dirname, 'gateway', {
  leaveOut: ['resilience'],
});
