const { serviceTestConfig } = require('../../jest.shared.cjs');

module.exports = serviceTestConfig(__dirname);
