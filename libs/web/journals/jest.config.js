module.exports = require('@memories/web-ui/jest/create-web-jest-config.js')(__dirname, { displayName: 'web-journals' });
