require('@testing-library/jest-dom');
// jsdom has no TextEncoder/TextDecoder, and react-router needs them at import (docs/rules/front-end-build.md §4.14).
const util = require('node:util');
Object.assign(globalThis, { TextEncoder: util.TextEncoder, TextDecoder: util.TextDecoder });
// jsdom has no crypto.subtle either; the casino's Verify view runs PF-1 on Web Crypto, which a
// browser has (in a secure context) and Node has as webcrypto.
if (globalThis.crypto && !globalThis.crypto.subtle) {
  Object.defineProperty(globalThis.crypto, 'subtle', { value: require('node:crypto').webcrypto.subtle, configurable: true });
}
