/** Test builders (docs/rules/code-style.md §13): complete, valid objects for unit tests of every app. Not for production code. */
export { buildFancy, buildMarket, buildRunner, buildScore } from './market-data';
export { buildCasinoBet, buildCasinoMarket, buildCasinoRound, buildCasinoTable } from './casino';
export { FakeDataSocket } from './fake-data-socket';
