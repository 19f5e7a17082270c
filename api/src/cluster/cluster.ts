/**
 * The one place that decides whether this instance runs alone or as one of several (ADR 0022):
 * REDIS_URL unset → the shared state and the realtime streams live in this process (memory);
 * set → they live in Redis, and socket.io gets the Redis adapter so a room emit reaches the
 * sockets of every instance. Everything else asks this object, never the environment.
 *
 * Three Redis connections per instance: commands (the store, the bus's script, the adapter's
 * publishes), the bus's subscription and the adapter's subscription (a subscribing connection
 * cannot send commands).
 */
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { Clock } from '../common/clock';
import type { Logger } from '../common/logger';
import type { Config } from '../config';
import { MemoryBus, RedisBus, type SequencedBus } from './sequenced-bus';
import { MemoryStore, RedisStore, type SharedStore } from './shared-store';

export interface Cluster {
  /** True when REDIS_URL is set: other instances may exist. */
  readonly distributed: boolean;
  store: SharedStore;
  bus: SequencedBus;
  /** The socket.io adapter to use (undefined: socket.io's in-memory default). */
  socketAdapter: ReturnType<typeof createAdapter> | undefined;
  /** Resolves once the Redis subscriptions are in place (at once for memory). */
  ready(): Promise<void>;
  /** Readiness (GET /api/health): Redis answers a PING within `timeoutMs`; null when there is no Redis. */
  ping(timeoutMs: number): Promise<'up' | null>;
  close(): Promise<void>;
}

export function createCluster(deps: { config: Readonly<Config>; clock: Clock; log: Logger }): Cluster {
  const { url, keyPrefix } = deps.config.redis;
  if (url === null) {
    const bus = new MemoryBus(deps.log);
    return {
      distributed: false,
      store: new MemoryStore(deps.clock),
      bus,
      socketAdapter: undefined,
      ready: () => Promise.resolve(),
      ping: () => Promise.resolve(null),
      close: () => bus.close(),
    };
  }
  const connect = (name: string): Redis => {
    // No ready check: it sends INFO, which a connection already subscribing refuses (then reconnects without its subscriptions).
    const redis = new Redis(url, { connectionName: `backlay-${name}`, enableReadyCheck: false });
    redis.on('error', (error: unknown) => deps.log.warn({ err: error, connection: name }, 'redis connection error'));
    return redis;
  };
  const commands = connect('commands');
  const busSubscriber = connect('bus');
  const adapterSubscriber = connect('adapter');
  const bus = new RedisBus(commands, busSubscriber, keyPrefix, deps.log);
  return {
    distributed: true,
    store: new RedisStore(commands, keyPrefix),
    bus,
    socketAdapter: createAdapter(commands, adapterSubscriber, { key: `${keyPrefix}socket.io` }),
    ready: () => bus.ready(),
    ping: async (timeoutMs) => {
      // ioredis queues a command while it reconnects: a Redis that is down would hold readiness for
      // as long as it stays down. The probe answers within its time instead.
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          commands.ping(),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error(`redis did not answer PING within ${timeoutMs} ms`)), timeoutMs);
          }),
        ]);
      } finally {
        clearTimeout(timer);
      }
      return 'up';
    },
    close: async () => {
      await bus.close();
      await Promise.all([commands, busSubscriber, adapterSubscriber].map((redis) => redis.quit().catch(() => redis.disconnect())));
    },
  };
}
