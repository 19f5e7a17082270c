/**
 * The order jest runs test files in (the root config's `testSequencer`): jest's own (the files that
 * failed last, then the longest by its timing cache, else the largest), with the few API
 * integration files that run long for their size first. On a clean clone jest has no timings and
 * orders by size, and these small files came last: `crash.test.ts` (2 KB, two API processes
 * killed and restarted: the longest file of all) ran alone at the end while the other worker had
 * nothing left (docs/bench/ci-time.md). A file renamed or gone simply falls back to jest's order.
 */
const { default: TestSequencer } = require(require.resolve('@jest/test-sequencer', { paths: [require.resolve('jest')] }));

/**
 * Longest first, as measured (jest --json, docs/bench/ci-time.md): fuzz-routes (the second largest
 * file, first already), then the ones jest's size order put in the last quarter.
 */
const LONG_FIRST = ['fuzz-routes', 'crash', 'throttle-bursts', 'openapi-lint', 'trust-proxy', 'pool-busy'].map((name) => `/api/test/${name}.test.ts`);

const rank = (test) => {
  const at = LONG_FIRST.findIndex((end) => test.path.endsWith(end));
  return at === -1 ? LONG_FIRST.length : at;
};

class LongFirst extends TestSequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    // A stable sort: the other files keep jest's order.
    return sorted.map((test, index) => ({ test, index })).sort((a, b) => rank(a.test) - rank(b.test) || a.index - b.index).map(({ test }) => test);
  }
}

module.exports = LongFirst;
