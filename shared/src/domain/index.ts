/**
 * Pure domain maths shared by the front end and the API (no I/O). Every name is listed because an
 * app or the API uses it (no `export *`, eslint.config.mjs).
 */
export { type ChainAgent, distributePartnership, FULL_SHARE_BPS, percentToBps, refPnlMinor } from './partnership';
export {
  applyBet, emptyVector, EVEN_ODDS_HUNDREDTHS, exposureMinor, listedPnlVector, marketPnlVector, mulDivFloor, placedExposureMinor,
  pnlIfRunnerLosesMinor, pnlIfRunnerWinsMinor, type RunnerBet,
} from './exposure';
export { bookmakerToRunnerBet } from './bookmaker';
export { acceptedPrice, matchedFancyLine, matchedPrice } from './best-execution';
export {
  applyFancyBet, EMPTY_FANCY_BOOK, type FancyBet, fancyBetPnlMinor, fancyBook, type FancyBook, fancyExposureMinor,
  fancyPnlAtMinor, fancyRunBook, type FancySide, fancyZoneStarts,
} from './fancy';
export { commissionMinor } from './commission';
export { availableMinor } from './wallet';
export { checkPasswordPolicy, type PasswordPolicyContext } from './password-policy';
export { commonPasswordCheck, preloadPasswordPolicy, previewPasswordPolicy } from './common-passwords';
export {
  CASH_OUT_MARKET_TYPES, CASH_OUT_PERCENTS, cashOutQuote, type CashOutMarketType, type CashOutQuote, type CashOutRunner, type HedgeBet,
} from './cash-out';
export { DATE_TIME_MINUTES_FORMAT, DATE_TIME_SECONDS_FORMAT, formatInstant, formatPaiseGrouped, plural } from './display-format';
export { deepFreeze } from './freeze';
