/**
 * The API's version as `/api/health` answers it (issue 34): the package's version and the commit
 * it was built from, `0.1.0+6bdf873`, which `api/build.mjs` writes into dist/main.js (the commit
 * from `BUILD_COMMIT`, else git, else "unknown"). Run from source (tests, tsx) it is "dev".
 */
declare const __BACKLAY_API_VERSION__: string | undefined;

export const API_VERSION: string = typeof __BACKLAY_API_VERSION__ === 'string' ? __BACKLAY_API_VERSION__ : 'dev';
