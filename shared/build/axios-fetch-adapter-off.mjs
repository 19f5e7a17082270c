// What the browser builds put in place of axios's fetch adapter (axios/lib/adapters/fetch.js,
// through webpack.config.factory.cjs). Every app's requests go through the one API client
// (shared/src/kernel/client.ts), whose axios instance uses axios's default adapters: XMLHttpRequest
// first, which every browser the product supports has, so the fetch adapter was never chosen —
// but axios imports it unconditionally, and it cost the player's first page about 4 KB of gzip
// JavaScript (ADR 0025). `getFetch` answering false is axios's own "fetch is not available":
// a request that names the 'fetch' adapter gets axios's error saying so.
export const getFetch = () => false;
export default false;
