/**
 * Entry point of Backlay Studio: config from the environment, the journal replayed, owed money
 * calls resumed, then listen. SIGINT/SIGTERM stop the timers and close the server and the journal.
 */
import type { FastifyInstance } from 'fastify';
import { buildStudioApp } from './app';
import { ConfigError, loadConfig, type StudioConfig } from './config';
import { operatorClient } from './operator-client';
import { Store } from './store';
import { Studio, type Logger } from './studio';

async function main(): Promise<void> {
  let config: StudioConfig;
  try {
    config = loadConfig();
  } catch (error) {
    process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
    process.exit(1);
  }
  const store = new Store(config.dataDir);
  // The engine logs through the server's logger, which exists once the app is built.
  let app: FastifyInstance | null = null;
  const log: Logger = {
    info: (obj, msg) => app?.log.info(obj, msg),
    warn: (obj, msg) => app?.log.warn(obj, msg),
    error: (obj, msg) => app?.log.error(obj, msg),
  };
  const studio = new Studio(config, store, operatorClient(config), log);
  app = buildStudioApp(studio, { logger: { level: process.env.LOG_LEVEL ?? 'info' } });
  studio.start();
  await app.listen({ host: config.host, port: config.port });

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await studio.stop();
    await app?.close();
    store.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

void main();
