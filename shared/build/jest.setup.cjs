require('@testing-library/jest-dom');
// jsdom has no TextEncoder/TextDecoder, and react-router needs them at import (FRONTEND.md §4.14).
const util = require('node:util');
Object.assign(globalThis, { TextEncoder: util.TextEncoder, TextDecoder: util.TextDecoder });
