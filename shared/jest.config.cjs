const preset = require('./build/jest.preset.cjs')(__dirname, 'shared');

// The subpaths that screens bundle with themselves (exports, account-statement) import the package
// by its own name, as the apps resolve it: here that is this folder's index.
module.exports = { ...preset, moduleNameMapper: { '^@backlay/shared$': '<rootDir>/src/index.ts' } };
