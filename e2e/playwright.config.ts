import { defineConfig, devices } from '@playwright/test';
import { JOURNEY_CHROMIUM } from '@backlay/build/chromium';
import { E2E_PORTS, e2eOrigin } from './support/ports.mjs';

/** The stack's shell; E2E_PORT_OFFSET moves every port of the stack (support/ports.mjs, run-e2e.mjs). */
const SHELL = e2eOrigin('shell');
/** The cluster stack's public origin (nginx in front of two API instances; support/cluster-stack.mjs). */
const CLUSTER = 'http://127.0.0.1:9280';
/**
 * `E2E_CLUSTER=1` runs the cluster project alone, against its own stack (support/run-e2e.mjs runs
 * it after the desktop and mobile journeys, so that its stack never loads theirs). It
 * needs a PostgreSQL server both instances share (DATABASE_URL, as in CI) and Redis; without
 * DATABASE_URL it has no tests.
 */
const clusterRun = process.env.E2E_CLUSTER === '1';
const withCluster = clusterRun && process.env.DATABASE_URL !== undefined;
/**
 * `E2E_REPLAY_ON_CLUSTER=1` (run-e2e.mjs, with DATABASE_URL): the replayed T20's journey
 * (real-match.spec, on the phone) runs on the cluster's lane, against the cluster stack (which
 * replays the T20 too), not on the second lane. It is two minutes of waiting for the replay's
 * clock; the cluster's lane ends minutes before the others (ADR 0083).
 */
const replayOnCluster = process.env.E2E_REPLAY_ON_CLUSTER === '1' && process.env.DATABASE_URL !== undefined;
const REPLAY_JOURNEY = /real-match\.spec/;

/**
 * Debian's Chromium headless shell, never a downloaded browser; flags for a closed network
 * (README). The journeys of what only the full browser does ask for it themselves
 * (`FULL_CHROMIUM.launchOptions`; ADR 0086).
 */
const { launchOptions } = JOURNEY_CHROMIUM;

/** What the desktop project never runs: the phone checks of the sports and payment screens, and the cluster's journeys. */
const DESKTOP_ONLY_IGNORED = /(sports|payments)-mobile\.spec|cluster\.spec/;
/**
 * Desktop journeys that run on the second lane (run-e2e.mjs: `E2E_LANE=second`) beside the mobile
 * ones, so that both lanes end together (ADR 0083). With the replayed T20's two minutes on the
 * cluster's lane (E2E_REPLAY_ON_CLUSTER), the second lane was about 2 minutes the shorter: the
 * federation journey (a remote rebuilt with webpack, about 20 s) and the hierarchy's (about 40 s)
 * even them out.
 */
const DESKTOP_ON_SECOND_LANE: RegExp[] = replayOnCluster ? [/federation\.spec/, /hierarchy\.spec/] : [];
const lane = process.env.E2E_LANE;
if (lane !== undefined && lane !== 'desktop' && lane !== 'second') throw new Error(`E2E_LANE is desktop or second, not ${lane}`);
/** The desktop project's journeys: all of them with one lane; split between the lanes with two. */
const desktopFiles =
  lane === 'second'
    ? DESKTOP_ON_SECOND_LANE.length > 0
      ? { testMatch: DESKTOP_ON_SECOND_LANE }
      : { testIgnore: /.*/ }
    : { testIgnore: [DESKTOP_ONLY_IGNORED, ...(lane === 'desktop' ? DESKTOP_ON_SECOND_LANE : []), ...(replayOnCluster ? [REPLAY_JOURNEY] : [])] };

/**
 * A phone's CSS pixels at device scale 1: the layout (what the journeys read) is the same, and
 * Chromium without a GPU rasterizes a quarter of the pixels it would at 2 (ADR 0029).
 */
const phone = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1, launchOptions };

const mainProjects = [
  { name: 'desktop', ...desktopFiles, use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions } },
  {
    name: 'mobile',
    // Layout and landing differ on a phone; the federation journeys are the same on both, and
    // the long hierarchy, sports and payments journeys run on desktop (client-list.spec covers
    // the list and the chip dialogs on the phone, sports-mobile.spec the sports screens,
    // payments-mobile.spec the deposit and withdraw pages).
    testIgnore: [/(federation|hierarchy|sports|payments|cluster)\.spec/, ...(replayOnCluster ? [REPLAY_JOURNEY] : [])],
    use: phone,
  },
];

/** The auth, betting and casino journeys against two API instances behind nginx, one of them killed mid-journey (ADR 0022). */
const clusterProjects = withCluster
  ? [
      { name: 'cluster', testMatch: /cluster\.spec/, use: { ...devices['Desktop Chrome'], baseURL: CLUSTER, viewport: { width: 1280, height: 800 }, launchOptions } },
      // The replayed T20 on the phone, against the same stack (one worker: one journey at a time).
      ...(replayOnCluster ? [{ name: 'cluster-mobile', testMatch: REPLAY_JOURNEY, use: { ...phone, baseURL: CLUSTER } }] : []),
    ]
  : [];

export default defineConfig({
  testDir: './tests',
  // Per stack, so the two runs side by side (run-e2e.mjs) do not clear each other's results.
  outputDir: `test-results/${E2E_PORTS.shell}`,
  fullyParallel: false,
  // One worker: journeys share the demo accounts, and signing in ends the account's other sessions.
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  webServer: [
    ...(clusterRun
      ? []
      : [
          {
            command: 'node support/stack.mjs',
            url: `${SHELL}/api/health`,
            timeout: 600_000,
            reuseExistingServer: false,
            stdout: 'pipe' as const,
            stderr: 'pipe' as const,
            gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 20_000 },
          },
        ]),
    ...(withCluster
      ? [
          {
            command: 'node support/cluster-stack.mjs',
            url: `${CLUSTER}/api/health`,
            timeout: 600_000,
            reuseExistingServer: false,
            stdout: 'pipe' as const,
            stderr: 'pipe' as const,
            gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 20_000 },
          },
        ]
      : []),
  ],
  // Every project browses with prefers-reduced-motion (the product then stops its animations):
  // Chromium without a GPU paints each frame in software, and the odds page's pulse and price
  // flashes took 47 % of a core per page, against 3 % still (ADR 0029). What changes on screen is
  // the same; the journeys read classes and text, never the motion.
  use: { baseURL: SHELL, launchOptions, trace: 'off', reducedMotion: 'reduce' },
  projects: clusterRun ? clusterProjects : mainProjects,
});
