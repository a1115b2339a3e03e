module.exports = require('@settings/web-ui/jest/create-web-jest-config.js')(__dirname, { displayName: 'memories' });
