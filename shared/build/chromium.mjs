/**
 * Which Chromium runs what (ADR 0086). Debian's packages, never a downloaded browser:
 *
 * - The journeys browse in `chromium-headless-shell`, the headless-only build of the same
 *   Chromium (Debian's package of that name; Playwright's own default for headless runs). The
 *   full browser in its headless mode also runs the browser's UI and a WebUI renderer per
 *   context: on the CI machine the shell did the same 20 journeys with about a third less CPU
 *   (docs/bench/ci-time.md), and the journeys are what keeps CI's two cores busy.
 * - The full browser (`chromium`) for what only it does: the install offer and installability
 *   check (installable.spec), a push subscription (notifications.spec), and the benches that
 *   measure a real browser (Lighthouse, the page bytes).
 *
 * `CHROMIUM_PATH` names another full browser; `CHROMIUM_HEADLESS_SHELL_PATH` another shell. A
 * machine that names only CHROMIUM_PATH runs everything in it, as before the shell.
 *
 * Node built-ins only: system-packages.mjs (run before anything is installed) reads it.
 */
const named = process.env.CHROMIUM_PATH;

/** The flags for a closed network (README): nothing fetched behind the journeys' back. */
export const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

/** A build: its path, the Debian package that brings it, and Playwright's launch options for it. */
const build = (path, debianPackage) => ({ path, debianPackage, launchOptions: { executablePath: path, args: CHROMIUM_FLAGS } });

/**
 * The full browser. A journey file's `test.use({ launchOptions: FULL_CHROMIUM.launchOptions })`
 * gives it a browser of its own.
 */
export const FULL_CHROMIUM = build(named ?? '/usr/bin/chromium', 'chromium');

/** The journeys' browser: the headless shell, or the named browser when only that is named. */
export const JOURNEY_CHROMIUM = build(process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? named ?? '/usr/bin/chromium-headless-shell', 'chromium-headless-shell');

