/**
 * Jest settings shared by the front-end projects: SWC transform (no type-check; tsc does that),
 * jsdom, jest-dom matchers, and the DefinePlugin constants as globals (FRONTEND.md §4.15).
 */
const path = require('node:path');

module.exports = (dir, displayName) => ({
  displayName,
  rootDir: dir,
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
  setupFilesAfterEnv: [path.join(__dirname, 'jest.setup.cjs')],
  transform: {
    '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022', transform: { react: { runtime: 'automatic' } } } }],
  },
  globals: { __BUILD_LABEL__: 'test' },
});
