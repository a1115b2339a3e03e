// The fuzz and fault suites (test/resilience): about half of the gateway's integration time, much of it waiting (a
// 60 s NATS outage), run as a target of their own so `npm test` can run them beside the gateway's other suites.
module.exports = require('@memories/server-testing/jest/create-integration-jest-config.js')(__dirname, 'gateway', {
  folder: 'resilience',
});
