/**
 * Integration tests: the app through app.inject (and a real listening server for realtime)
 * against PostgreSQL. Global setup starts an embedded PostgreSQL unless DATABASE_URL is set;
 * every test file then gets its own fresh database (test/helper.ts).
 */
const swc = [
  '@swc/jest',
  { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
];

/** @type {import('jest').Config} */
module.exports = {
  displayName: 'api-integration',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  // Two dependencies are ESM-only: content-disposition 3 (@fastify/static, behind swagger-ui)
  // and cookie 2 (light-my-request, behind app.inject). Node loads them through
  // require(esm); jest's module registry cannot, so jest compiles just these two.
  transform: { '^.+\\.ts$': swc, '/(content-disposition|cookie)/.+\\.js$': swc },
  transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/)?(content-disposition|cookie)[@/])'],
  moduleFileExtensions: ['ts', 'js', 'json'],
  globalSetup: '<rootDir>/test/global-setup.ts',
  // The 30 s timeout and the ledger invariants after every test of every file (test/per-file-setup.ts).
  setupFilesAfterEnv: ['<rootDir>/test/per-file-setup.ts'],
  globalTeardown: '<rootDir>/test/global-teardown.ts',
};
