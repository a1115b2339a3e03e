// DOM-free: Node's own fetch, AbortController and http server let the specs run against a real socket.
module.exports = require('@memories/web-ui/jest/create-web-jest-config.js')(__dirname, {
  displayName: 'web-api-client',
  testEnvironment: 'node',
});
