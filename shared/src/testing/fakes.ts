import { realApis, type Apis } from '../kernel/apis';
// Each domain registers its real modules (and its entries of Apis) as its index loads.
import '../account/index';
import '../kernel/export-api';
import '../agents/index';
import '../casino-client/index';
import '../payments/index';
import '../sports/index';

/**
 * Fakes of the API modules and live clients (ADR 0051), typed against the real ones: a fake has
 * exactly the real module's methods. A method the test gives runs; one it does not give fails
 * loudly ("fakePayments: addDeposit was not given"), and a given method that answers nothing (a
 * `jest.fn()` the test never programmed, or one `jest.resetAllMocks()` emptied) fails too: no test
 * can pass because a call silently returned undefined.
 */

type Domain = keyof Apis;

/** The fake's name in its messages: `fakePayments`, `fakeSportsAdmin`, … */
const nameOf = (domain: Domain): string => `fake${domain[0].toUpperCase()}${domain.slice(1)}`;

/** The live clients answer synchronously (an Observable, or nothing for `close`); the HTTP modules answer with a Promise. */
const LIVE: ReadonlySet<Domain> = new Set<Domain>(['marketData', 'casinoLive']);
/** The live methods that rightly answer nothing. */
const VOID_METHODS: ReadonlySet<string> = new Set(['close']);

type Method = (...args: unknown[]) => unknown;

/** `given` wrapped so a call that answers nothing fails (the call still reaches `given`, so a jest.fn records it). */
function guarded(domain: Domain, key: string, given: Method): Method {
  const live = LIVE.has(domain);
  const check = (result: unknown): unknown => {
    if (result !== undefined || (live && VOID_METHODS.has(key))) return result;
    const error = new Error(`${nameOf(domain)}: ${key} answered nothing: give it a result in the test (mockResolvedValue, mockReturnValue)`);
    if (live) throw error;
    return Promise.reject(error);
  };
  // A Proxy, not a wrapper function: the test still reads the jest.fn's `.mock` and programs it
  // (`mockResolvedValue`) through the same reference the screen calls.
  return new Proxy(given, { apply: (target, self, args: unknown[]) => check(Reflect.apply(target, self, args)) });
}

function notGiven(domain: Domain, key: string): Method {
  return () => {
    const error = new Error(`${nameOf(domain)}: ${key} was not given`);
    if (LIVE.has(domain)) throw error;
    return Promise.reject(error);
  };
}

/** A fake of `domain`: every method of the real module, `given` ones guarded, the others failing. */
export function fakeOf<D extends Domain>(domain: D, given: Partial<Apis[D]> = {}): Apis[D] {
  const real = realApis()[domain] as object;
  const extra = Object.keys(given).filter((key) => !(key in real));
  if (extra.length > 0) throw new Error(`${nameOf(domain)}: the real module has no ${extra.join(', ')}`);
  const fake: Record<string, Method> = {};
  for (const key of Object.keys(real)) {
    const method = (given as Record<string, Method | undefined>)[key];
    fake[key] = method ? guarded(domain, key, method) : notGiven(domain, key);
  }
  return fake as unknown as Apis[D];
}

export const fakeAuth = (given: Partial<Apis['auth']> = {}) => fakeOf('auth', given);
export const fakeBets = (given: Partial<Apis['bets']> = {}) => fakeOf('bets', given);
export const fakeCasino = (given: Partial<Apis['casino']> = {}) => fakeOf('casino', given);
export const fakeCasinoInt = (given: Partial<Apis['casinoInt']> = {}) => fakeOf('casinoInt', given);
export const fakeCasinoLive = (given: Partial<Apis['casinoLive']> = {}) => fakeOf('casinoLive', given);
export const fakeClients = (given: Partial<Apis['clients']> = {}) => fakeOf('clients', given);
export const fakeExports = (given: Partial<Apis['exports']> = {}) => fakeOf('exports', given);
export const fakeMarketData = (given: Partial<Apis['marketData']> = {}) => fakeOf('marketData', given);
export const fakePayments = (given: Partial<Apis['payments']> = {}) => fakeOf('payments', given);
export const fakeRegistration = (given: Partial<Apis['registration']> = {}) => fakeOf('registration', given);
export const fakeResponsibleGambling = (given: Partial<Apis['responsibleGambling']> = {}) => fakeOf('responsibleGambling', given);
export const fakeSecurity = (given: Partial<Apis['security']> = {}) => fakeOf('security', given);
export const fakeSettings = (given: Partial<Apis['settings']> = {}) => fakeOf('settings', given);
export const fakeSites = (given: Partial<Apis['sites']> = {}) => fakeOf('sites', given);
export const fakeSports = (given: Partial<Apis['sports']> = {}) => fakeOf('sports', given);
export const fakeSportsAdmin = (given: Partial<Apis['sportsAdmin']> = {}) => fakeOf('sportsAdmin', given);
export const fakeStatement = (given: Partial<Apis['statement']> = {}) => fakeOf('statement', given);

/**
 * A fake whose `methods` are fresh `jest.fn()`s, typed as mocks: the test programs their answers
 * and asserts their calls (`api.listClients.mockResolvedValue(…)`). The other methods fail as in
 * every fake. `withMocks(fakeClients, 'listClients', 'usersLock')`.
 */
export function withMocks<T extends object, K extends keyof T & string>(fake: (given: Partial<T>) => T, ...methods: K[]): T & jest.Mocked<Pick<T, K>> {
  const given = Object.fromEntries(methods.map((key) => [key, jest.fn()])) as Partial<T>;
  return fake(given) as T & jest.Mocked<Pick<T, K>>;
}

/** Every domain faked with nothing given, then `given` on top: what `renderWithApis` hands the screens. */
export function fakeApis(given: Partial<Apis> = {}): Apis {
  const all = Object.fromEntries((Object.keys(realApis()) as Domain[]).map((domain) => [domain, fakeOf(domain)])) as unknown as Apis;
  return { ...all, ...given };
}
