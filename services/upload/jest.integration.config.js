module.exports = require('@memories/server-testing/jest/create-integration-jest-config.js')(__dirname, 'upload');
