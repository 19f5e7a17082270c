/**
 * Jest settings shared by the front-end projects: SWC transform (no type-check; tsc does that),
 * jsdom, jest-dom matchers, and the DefinePlugin constants as globals (docs/rules/front-end-build.md §4.15).
 */
const path = require('node:path');

module.exports = (dir, displayName) => ({
  displayName,
  rootDir: dir,
  testEnvironment: 'jsdom',
  // The tests' timeout (20 s) is set in jest.setup.cjs: jest reads `testTimeout` from the root
  // config only, so a project's own is ignored when the projects run together (pnpm test:unit).
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
  setupFilesAfterEnv: [path.join(__dirname, 'jest.setup.cjs')],
  // Lingui (issue 36) ships ES modules only: they go through the same transform.
  transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/)?(@lingui|@messageformat|@noble)[+/])'],
  transform: {
    '^.+\\.m?(t|j)sx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022', transform: { react: { runtime: 'automatic' } } } }],
  },
  globals: { __BUILD_LABEL__: 'test' },
});
