/**
 * The e2e stack's ports (`stack.mjs`), in one place for the stack, the Playwright config and the
 * journeys. `E2E_PORT_OFFSET` moves all of them, so that stacks run side by side: with
 * two lanes (the default), `run-e2e.mjs` runs two, on the base ports and 20 above them.
 *
 * Base: shell 9180 · sports 9181 · casino 9182 · payments 9183 · admin 9184 · API 9190 ·
 * studio 9195 · control 9199 · the embedded PostgreSQL (no DATABASE_URL) 54339.
 */
const BASE = { shell: 9180, sports: 9181, casino: 9182, payments: 9183, admin: 9184, api: 9190, studio: 9195, control: 9199, embeddedPg: 54339 };

/** The cluster project's ports (cluster-stack.mjs), which no offset may reach. */
const CLUSTER_PORTS = [9280, 9298];

/**
 * 0 and 20 are the two lanes; any other offset (several worktrees' stacks on one machine) is fine
 * as long as its ports, 9180–9199 shifted, stay clear of the cluster's and below 65536.
 */
const OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);
const clear = (offset) => BASE.control + offset < CLUSTER_PORTS[0] || BASE.shell + offset > CLUSTER_PORTS[1];
if (!Number.isInteger(OFFSET) || OFFSET < 0 || BASE.embeddedPg + OFFSET > 65_535 || !clear(OFFSET)) {
  throw new Error(`E2E_PORT_OFFSET must be a whole number from 0 to 80 or from 119 to ${65_535 - BASE.embeddedPg}, not ${process.env.E2E_PORT_OFFSET}`);
}

export const E2E_PORTS = Object.fromEntries(Object.entries(BASE).map(([name, port]) => [name, port + OFFSET]));

/** The address every server of the stack listens on. */
export const E2E_HOST = '127.0.0.1';

/** `http://127.0.0.1:<port>` of one of the stack's servers. */
export const e2eOrigin = (name) => `http://${E2E_HOST}:${E2E_PORTS[name]}`;
