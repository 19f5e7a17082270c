// The timeout of every test and hook of the front-end projects: 20 s. A screen test drives React
// through user-event, and on two shared cores under load 5 s (jest's default) is not enough for the
// longest (AddUser, ChangePasswordPage, RegisterPage); speed is measured by the benches, not here.
// It is set here, per test file, because jest reads `testTimeout` from the root config only: a
// project's own is ignored when several projects run together (pnpm test:unit, CI).
// Raised to 40 s after a CI run on a slower 2-core machine (AMD EPYC, 2026-11-30) starved the nice-10
// workers for over 10 s at a time (ADR 0083).
/* global jest */
jest.setTimeout(40_000);
// findBy…/waitFor wait up to 25 s for what they wait for (Testing Library's default is 1 s): the
// unit tests run beside the e2e journeys at nice 10 (shared/build/test-all.mjs, ADR 0083), where
// a worker can get no CPU for a second or two while both lanes are busy; a wait that is met
// returns as soon as it is, so only a failing one takes longer.
require('@testing-library/react').configure({ asyncUtilTimeout: 25_000 });
require('@testing-library/jest-dom');
// jsdom has no TextEncoder/TextDecoder, and react-router needs them at import (docs/rules/front-end-build.md §4.14).
const util = require('node:util');
Object.assign(globalThis, { TextEncoder: util.TextEncoder, TextDecoder: util.TextDecoder });
// jsdom has no crypto.subtle either; the casino's Verify view runs PF-1 on Web Crypto, which a
// browser has (in a secure context) and Node has as webcrypto.
if (globalThis.crypto && !globalThis.crypto.subtle) {
  Object.defineProperty(globalThis.crypto, 'subtle', { value: require('node:crypto').webcrypto.subtle, configurable: true });
}
