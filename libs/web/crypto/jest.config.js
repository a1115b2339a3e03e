// Node's environment: its globalThis.crypto is the WebCrypto of browsers (jsdom has no crypto.subtle), and nothing
// here touches the DOM.
module.exports = require('@memories/web-ui/jest/create-web-jest-config.js')(__dirname, {
  displayName: 'web-crypto',
  testEnvironment: 'node',
});
