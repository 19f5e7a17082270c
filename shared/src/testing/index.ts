/** Test builders and fakes (docs/rules/code-style.md §13): complete, valid objects for unit tests of every app. Not for production code. */
export { buildFancy, buildMarket, buildRunner, buildScore } from './market-data';
export { buildCasinoBet, buildCasinoMarket, buildCasinoRound, buildCasinoTable } from './casino';
export { FakeDataSocket } from './fake-data-socket';
export {
  fakeApis, fakeAuth, fakeBets, fakeCasino, fakeCasinoInt, fakeCasinoLive, fakeClients, fakeExports, fakeMarketData, fakePayments, fakeRegistration,
  fakeResponsibleGambling, fakeSecurity, fakeSettings, fakeSites, fakeSports, fakeSportsAdmin, fakeStatement, withMocks,
} from './fakes';
export { memoryPayments, type MemoryPayments, type MemoryPaymentsSeed } from './memory-payments';
export { renderWithApis } from './render-with-apis';
