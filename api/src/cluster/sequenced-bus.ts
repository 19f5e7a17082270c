/**
 * Numbered streams of realtime messages (market-data deltas per match, casino deltas per table)
 * that every instance delivers in the same order with the same seqs (ADR 0022). Whoever has a
 * change publishes it: the bus gives it the stream's next seq and hands it to every instance's
 * listener, in seq order, gap-free. A client therefore keeps its seq when it reconnects to
 * another instance, and a snapshot taken anywhere says which seq the deltas continue from.
 *
 * - MemoryBus (one instance): the seq is a number in this process; a publish calls the listeners
 *   at once.
 * - RedisBus (several instances): one Lua script increments the stream's seq and PUBLISHes the
 *   message in the same step, so Redis's order of messages is the order of seqs; every instance
 *   (the publisher too) delivers only what its subscription receives, so all deliver in that
 *   order. `current()` may name a seq whose message is still on its way: listeners drop messages
 *   at or below the seq they already stand on.
 */
import type { Redis } from 'ioredis';
import type { Logger } from '../common/logger';

export type BusListener = (key: string, seq: number, payload: unknown) => void;

export interface SequencedBus {
  /** False when this is the only instance: a publisher may skip streams nobody watches here. */
  readonly distributed: boolean;
  /** Numbers the message with the stream's next seq and sends it to every instance; the seq. */
  publish(topic: string, key: string, payload: unknown): Promise<number>;
  /** The seq of the stream's last published message (0 before the first). */
  current(topic: string, key: string): Promise<number>;
  /** Receives the messages of a topic (every key) on this instance; returns the unsubscribe. */
  listen(topic: string, listener: BusListener): () => void;
  close(): Promise<void>;
}

class Listeners {
  private readonly byTopic = new Map<string, Set<BusListener>>();

  add(topic: string, listener: BusListener): () => void {
    const set = this.byTopic.get(topic) ?? new Set<BusListener>();
    this.byTopic.set(topic, set.add(listener));
    return () => set.delete(listener);
  }

  deliver(topic: string, key: string, seq: number, payload: unknown, log: Logger): void {
    for (const listener of this.byTopic.get(topic) ?? []) {
      try {
        listener(key, seq, payload);
      } catch (error) {
        log.error({ err: error, topic, key, seq }, 'bus listener failed');
      }
    }
  }

  clear(): void {
    this.byTopic.clear();
  }
}

export class MemoryBus implements SequencedBus {
  readonly distributed = false;
  private readonly seqs = new Map<string, number>();
  private readonly listeners = new Listeners();

  constructor(private readonly log: Logger) {}

  publish(topic: string, key: string, payload: unknown): Promise<number> {
    const id = `${topic}:${key}`;
    const seq = (this.seqs.get(id) ?? 0) + 1;
    this.seqs.set(id, seq);
    this.listeners.deliver(topic, key, seq, payload, this.log);
    return Promise.resolve(seq);
  }

  current(topic: string, key: string): Promise<number> {
    return Promise.resolve(this.seqs.get(`${topic}:${key}`) ?? 0);
  }

  listen(topic: string, listener: BusListener): () => void {
    return this.listeners.add(topic, listener);
  }

  close(): Promise<void> {
    this.listeners.clear();
    return Promise.resolve();
  }
}

/** A stream's seq outlives a quiet week; after that it restarts at 1 (clients see a gap and resubscribe). */
const SEQ_TTL_MS = 7 * 24 * 60 * 60_000;

/** INCR the seq and PUBLISH "<seq> <message>" atomically: message order = seq order. */
const PUBLISH_SCRIPT = `
local seq = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('PUBLISH', ARGV[1], seq .. ' ' .. ARGV[2])
return seq`;

export class RedisBus implements SequencedBus {
  readonly distributed = true;
  private readonly listeners = new Listeners();
  private readonly topics = new Set<string>();

  constructor(
    /** Commands (INCR, GET, the script). */
    private readonly redis: Redis,
    /** A connection in subscriber mode, for this bus only. */
    private readonly subscriber: Redis,
    private readonly prefix: string,
    private readonly log: Logger,
  ) {
    this.subscriber.on('message', (channel: string, message: string) => this.onMessage(channel, message));
  }

  private channelOf(topic: string): string {
    return `${this.prefix}bus:${topic}`;
  }

  private seqKey(topic: string, key: string): string {
    return `${this.prefix}seq:${topic}:${key}`;
  }

  async publish(topic: string, key: string, payload: unknown): Promise<number> {
    const message = JSON.stringify({ k: key, p: payload });
    const seq = await this.redis.eval(PUBLISH_SCRIPT, 1, this.seqKey(topic, key), this.channelOf(topic), message, String(SEQ_TTL_MS));
    return Number(seq);
  }

  async current(topic: string, key: string): Promise<number> {
    return Number((await this.redis.get(this.seqKey(topic, key))) ?? '0');
  }

  listen(topic: string, listener: BusListener): () => void {
    if (!this.topics.has(topic)) {
      this.topics.add(topic);
      this.subscriber.subscribe(this.channelOf(topic)).catch((error: unknown) => this.log.error({ err: error, topic }, 'bus subscribe failed'));
    }
    return this.listeners.add(topic, listener);
  }

  /** Resolves once every topic listened to so far is subscribed (a message published after it reaches us). */
  async ready(): Promise<void> {
    if (this.topics.size > 0) await this.subscriber.subscribe(...[...this.topics].map((topic) => this.channelOf(topic)));
  }

  async close(): Promise<void> {
    this.listeners.clear();
    this.subscriber.removeAllListeners('message');
  }

  private onMessage(channel: string, message: string): void {
    const topic = [...this.topics].find((t) => this.channelOf(t) === channel);
    if (topic === undefined) return;
    const space = message.indexOf(' ');
    const seq = Number(message.slice(0, space));
    let parsed: { k: string; p: unknown };
    try {
      parsed = JSON.parse(message.slice(space + 1)) as { k: string; p: unknown };
    } catch (error) {
      this.log.error({ err: error, channel }, 'bus message unreadable');
      return;
    }
    this.listeners.deliver(topic, parsed.k, seq, parsed.p, this.log);
  }
}
