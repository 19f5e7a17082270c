// The server process of the capacity benchmark (forked by capacity.mjs): loads the bundle of
// capacity-server.ts (BUNDLE), starts the product with PLAYERS players and answers the driver's
// requests over IPC: {id, op, args} → {id, result} or {id, error}. Its own CPU is the API's CPU.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { startCapacityServer } = require(process.env.BUNDLE);

// The driver gone (killed): stop too; the next run drops the database it left.
process.on('disconnect', () => process.exit(1));
const server = await startCapacityServer({ players: Number(process.env.PLAYERS) });
const ops = {
  importInPlay: (max) => server.importInPlay(max),
  takeStamps: () => server.takeStamps(),
  lateRounds: (fromMs, toMs, lateMs) => server.lateRounds(fromMs, toMs, lateMs),
  betsIn: (fromMs, toMs) => server.betsIn(fromMs, toMs),
  invariants: () => server.invariants(),
  close: async () => {
    await server.close();
    setImmediate(() => process.exit(0));
    return null;
  },
};
process.on('message', async ({ id, op, args }) => {
  try {
    process.send({ id, result: await ops[op](...(args ?? [])) });
  } catch (error) {
    process.send({ id, error: String(error?.stack ?? error) });
  }
});
process.send({
  id: 0,
  result: { apiUrl: server.apiUrl, database: server.database, password: server.password, players: server.players, tables: server.tables, pgVersion: server.pgVersion },
});
