/**
 * Bets (docs/rules/product.md §7 "Bets"): placement, the player's positions and lists, the agents' books, voids,
 * market bet-locks and results. One call site per endpoint (docs/rules/code-style.md §5). placebet moves money, so it
 * carries the Idempotency-Key the caller generated for that submission (the same key on a retry).
 */
import type {
  BetHistoryQuery,
  BetListByIdsRequest,
  BetPage,
  BetRow,
  CashOutOffer,
  CashOutRequest,
  CashOutResponse,
  ChildBookRow,
  ChildUserListQuery,
  DeclareResultRequest,
  DeleteBetsRequest,
  DeleteBetsResponse,
  MarketAnalysisQuery,
  MarketBetLockRequest,
  MarketBook,
  MarketPosition,
  PlaceBetRequest,
  PlaceBetResponse,
  PlacedBet,
  ProfitLossQuery,
  ProfitLossResponse,
  ResultMarketRow,
  ResultsQuery,
  RollbackResultRequest,
  AcceptFeedResultRequest,
  SettlementSummary,
  UnsettledBetsQuery,
} from '../contracts/bets';
import { IDEMPOTENCY_HEADER } from '../contracts/clients';
import type { AgentDashboard } from '../contracts/dashboard';
import type { ApiClient } from '../kernel/client';
import { unwrap, unwrapWithMessage } from '../kernel/client';

export function createBetsApi(client: ApiClient) {
  return {
    placeBet: (body: PlaceBetRequest, idempotencyKey: string) =>
      unwrapWithMessage<PlaceBetResponse>(client.main.post('/placebet', body, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } })),
    /** The player's cash-out offer per match-odds and bookmaker market of the match (ADR 0056). */
    cashOutOffers: (matchId: string) => unwrap<CashOutOffer[]>(client.main.get('/cashout', { params: { matchId } })),
    /** Cashes out a share of the player's position on a market; moves money, so it carries the submission's key. */
    cashOut: (body: CashOutRequest, idempotencyKey: string) =>
      unwrapWithMessage<CashOutResponse>(client.main.post('/cashout', body, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } })),
    /** The player's bets on one match, newest first. */
    betsOnMatch: (matchId: string) => unwrap<PlacedBet[]>(client.main.get('/bets', { params: { matchId } })),
    /** The player's book per market of the match (P&L per runner or run zone, exposure). */
    matchPositions: (matchId: string) => unwrap<MarketPosition[]>(client.main.get('/match-positions', { params: { matchId } })),
    betListByIds: (body: BetListByIdsRequest) => unwrap<BetPage<BetRow>>(client.main.post('/get-bet-list-by-ids', body)),
    unsettledBets: (query: UnsettledBetsQuery) => unwrap<BetPage<BetRow>>(client.main.get('/unsettled-bets', { params: query })),
    betHistory: (query: BetHistoryQuery) => unwrap<BetPage<BetRow>>(client.main.get('/bet-history', { params: query })),
    profitLoss: (query: ProfitLossQuery) => unwrap<ProfitLossResponse>(client.main.get('/profit-loss', { params: query })),
    /** Agents: the downline's book on every open market (or one match's). */
    /** Agents: the downline's business over the last 30 days (the admin dashboard). */
    agentDashboard: () => unwrap<AgentDashboard>(client.main.get('/agent-dashboard')),
    marketAnalysis: (query: MarketAnalysisQuery = {}) => unwrap<MarketBook[]>(client.main.get('/get-market-analysis', { params: query })),
    /** Agents: the book per direct child of `username` (default: the caller) on one match. */
    childUserList: (query: ChildUserListQuery) => unwrap<ChildBookRow[]>(client.main.get('/get-child-user-list', { params: query })),
    deleteCurrentBet: (betId: string) => unwrapWithMessage<DeleteBetsResponse>(client.main.delete(`/delete-current-bet/${encodeURIComponent(betId)}`)),
    deleteBets: (body: DeleteBetsRequest) => unwrapWithMessage<DeleteBetsResponse>(client.main.post('/delete-bets', body)),
    marketBetLock: (body: MarketBetLockRequest) => unwrapWithMessage<null>(client.main.post('/bet-lock', body)),
    /** admin, sadmin: markets waiting for a result, or settled ones. */
    results: (query: ResultsQuery = {}) => unwrap<ResultMarketRow[]>(client.main.get('/results', { params: query })),
    declareResult: (body: DeclareResultRequest) => unwrapWithMessage<SettlementSummary>(client.main.post('/declare-result', body)),
    rollbackResult: (body: RollbackResultRequest) => unwrapWithMessage<SettlementSummary>(client.main.post('/rollback-result', body)),
    /** Settled markets whose result differs from the feed's (GET results?status=differs). */
    differingResults: (sportId?: number) => unwrap<ResultMarketRow[]>(client.main.get('/results', { params: { status: 'differs', sportId } })),
    acceptFeedResult: (body: AcceptFeedResultRequest) => unwrapWithMessage<SettlementSummary>(client.main.post('/accept-feed-result', body)),
  };
}

/** The bets domain module's shape (tests mock it). */
export type BetsApi = ReturnType<typeof createBetsApi>;
