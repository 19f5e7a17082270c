/**
 * @jest-environment node
 *
 * One home per display concept of the front end (issue 31, ADR 0052): each name below is defined
 * in its home file only, and the retired names of the copies it replaced are defined nowhere.
 * The scan reads the sources of the shell, every remote and shared/src (tests included: a test
 * that rebuilt a formatter would be a copy too). Moving a home (the domain folders) moves its
 * row here; docs/bench/frontend-duplicates.md lists where each copy was.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

/** Each concept's names and the one file (from the repository root) that defines them. */
const HOMES: Readonly<Record<string, readonly string[]>> = {
  'shared/src/sports/price-format.ts': ['formatOddsDecimal', 'formatBookmakerRate', 'formatFancyLineRate', 'formatRunnerPrice', 'formatBetPrice'],
  'shared/src/sports/bet-labels.ts': ['sideLabel', 'sideClass', 'BET_STATUS_LABELS', 'betStatusLabel', 'MARKET_STATUS_LABELS', 'marketStatusLabel'],
  'shared/src/sports/use-match-state.ts': ['useMatchState', 'PRICE_CONNECTION_TEXT', 'priceConnectionText'],
  'shared/src/i18n/labels.ts': ['roleLabel', 'oddsAcceptanceLabel', 'rgLimitLabel', 'loginAttemptReasonLabel', 'casinoCategoryName', 'sportLabel'],
  'shared/src/sports/sport-filter.ts': ['ALL_SPORTS', 'sportIdOf'],
  'shared/src/payments/statement-filters.ts': ['REPORT_TYPES', 'reportTypeOptions', 'listRange', 'paymentStatusLabel'],
  'shared/src/ui/pnl.tsx': ['Pnl'],
  'shared/src/ui/report-table.tsx': ['ReportTable', 'ReportColumn', 'ReportSummary'],
  'shared/src/ui/sortable.tsx': ['SortHeader', 'useSort', 'useSortedRows', 'sortRows', 'compareSortValues', 'moneyPaise', 'SearchBox', 'matchesSearch', 'SEARCH_DEBOUNCE_MS'],
  'shared/src/ui/qr-code.tsx': ['QrCode', 'qrCodePath', 'QR_QUIET_ZONE_MODULES'],
  'shared/src/kernel/date-format.ts': ['formatDateTimeSeconds', 'formatDateTimeMinutes'],
  'shared/src/domain/display-format.ts': ['DATE_TIME_SECONDS_FORMAT', 'DATE_TIME_MINUTES_FORMAT', 'formatPaiseGrouped', 'formatInstant', 'plural'],
  'shared/src/kernel/money.ts': ['rupeeAmountError', 'formatWholeRupees'],
  'shared/src/kernel/text-order.ts': ['compareCodeUnits'],
  'shared/src/kernel/use-load.ts': ['useLoad', 'notifyFailure', 'Load'],
  'shared/src/kernel/early-answers.ts': ['askEarly', 'earlyAnswerOr', 'watchEarly', 'EARLY_ANSWER_TTL_MS'],
  'shared/src/casino/market-kit.ts': ['formatPriceHundredths', 'formatRtp'],
  'shared/src/casino/roulette.ts': ['RED_NUMBERS', 'ROULETTE_WHEEL_ORDER', 'pocketColour'],
  'shared/src/domain/wallet.ts': ['availableMinor'],
  'shared/src/account/available-balance.ts': ['availableBalance'],
  'shared/src/account/use-responsible-gambling.ts': ['useResponsibleGambling', 'limitInForce', 'exclusionInForce'],
};

/** The names of the copies that were replaced: defined again anywhere, they are a copy again. */
const RETIRED = [
  'formatPrice', 'formatOdds', 'formatBetOdds', 'betPrice', 'isBackSide', 'statusLabel', 'STATUS_LABELS', 'CONNECTION_TEXT',
  'USERNAME_DEBOUNCE_MS', 'formatBetTime', 'BET_TIME_FORMAT', 'formatCasinoTime', 'CASINO_TIME_FORMAT', 'STATEMENT_DATE_FORMAT', 'MATCH_TIME_FORMAT',
  'ADMIN_MATCH_TIME_FORMAT', 'SETTLED_FORMAT', 'formatRupeesGrouped', 'formatLimit', 'formatClock', 'formatMatchTime', 'useLiveLoad', 'amountError', 'amountSchema', 'INPUT_DATE', 'RunnerBook',
];

const PACKAGES = ['shell/src', 'remote-sports/src', 'remote-casino/src', 'remote-payments/src', 'remote-admin/src', 'shared/src'];

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sources(rel);
    return /\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

/**
 * `name` defined at the start of a line: a function, class, const/let/var, type, interface or
 * enum followed by what a definition has next (=, (, <, :, { or extends); an imported
 * `type Name,` is not one.
 */
function definitionOf(name: string): RegExp {
  return new RegExp(`^\\s*(export\\s+)?(default\\s+)?(async\\s+)?(function\\*?|class|const|let|var|type|interface|enum)\\s+${name}\\s*(=|\\(|<|:|\\{|extends\\b)`, 'm');
}

/** Every file that defines `name`. */
function definers(files: ReadonlyMap<string, string>, name: string): string[] {
  const re = definitionOf(name);
  return [...files].filter(([, text]) => re.test(text)).map(([file]) => file);
}

const FILES = new Map(PACKAGES.flatMap(sources).map((f) => [f, readFileSync(path.join(ROOT, f), 'utf8')] as const));

it('reads the front end (an empty scan would pass for the wrong reason)', () => {
  expect(FILES.size).toBeGreaterThan(300);
  expect(definers(FILES, 'useLoad')).toEqual(['shared/src/kernel/use-load.ts']);
});

it.each(Object.entries(HOMES).flatMap(([home, names]) => names.map((name) => [name, home])))('%s is defined only in %s', (name, home) => {
  expect(definers(FILES, name)).toEqual([home]);
});

it.each(RETIRED)('%s, a retired copy, is defined nowhere', (name) => {
  expect(definers(FILES, name)).toEqual([]);
});

it('catches a copy: a formatter defined again in a remote is found', () => {
  const withCopy = new Map(FILES).set('remote-sports/src/copy.ts', 'export function formatOddsDecimal(x: number) {\n  return String(x);\n}\n');
  expect(definers(withCopy, 'formatOddsDecimal')).toEqual(['shared/src/sports/price-format.ts', 'remote-sports/src/copy.ts']);
  const indented = new Map(FILES).set('remote-admin/src/copy.tsx', 'function Page() {\n  const statusLabel = (s: string) => s;\n}\n');
  expect(definers(indented, 'statusLabel')).toEqual(['remote-admin/src/copy.tsx']);
});
