module.exports = require('./jest/create-web-jest-config.js')(__dirname, { displayName: 'web-ui' });
