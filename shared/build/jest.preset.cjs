/**
 * Jest settings shared by the front-end projects: SWC transform (no type-check; tsc does that),
 * jsdom, jest-dom matchers, and the DefinePlugin constants as globals (docs/rules/front-end-build.md §4.15).
 */
const path = require('node:path');

module.exports = (dir, displayName) => ({
  displayName,
  rootDir: dir,
  testEnvironment: 'jsdom',
  // A screen test drives React through user-event: on two shared cores under load (CI's build
  // beside it) 5 s is not enough for the longest; speed is measured by the benches, not here.
  testTimeout: 20_000,
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
  setupFilesAfterEnv: [path.join(__dirname, 'jest.setup.cjs')],
  transform: {
    '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022', transform: { react: { runtime: 'automatic' } } } }],
  },
  globals: { __BUILD_LABEL__: 'test' },
});
