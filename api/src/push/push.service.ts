/**
 * Web Push (issue 34, ADR 0071): browsers subscribe (opt-in, from the account security page), and
 * the API tells them what matters to their user when the tab is closed — an agent of a new deposit
 * or withdraw request in its downline, a player of a decided request and of a settled bet.
 * Messages are encrypted for each browser (RFC 8291, aes128gcm) and signed with the VAPID key
 * (RFC 8292) by the web-push library; this module sends them with fetch, drops subscriptions the
 * push service says are gone (404, 410), and never lets a failure reach the action that caused it.
 */
import { MESSAGES, type PushMessage, type PushSubscribeRequest, type PushSubscriptions } from '@backlay/shared/contracts';
import webpush from 'web-push';
import { DomainError } from '../common/domain-error';
import type { DomainEventMap, DomainEvents } from '../common/domain-events';
import type { Logger } from '../common/logger';
import { formatPaiseGrouped } from '@backlay/shared/domain';
import type { Database } from '../db/database';
import type { Actor } from '../plugins/request-context';
import * as repo from './push.repository';
import type { VapidKeys } from './vapid';

/** How long a push service may take to answer one message. */
const SEND_TIMEOUT_MS = 5_000;
/** How long a push service keeps a message for a browser that is offline. */
const TTL_SEC = 6 * 3_600;

export interface PushDeps {
  db: Database;
  events: DomainEvents;
  log: Logger;
  vapid: VapidKeys;
  subject: string;
  /** Accept http:// endpoints on a loopback host (tests' push service; never in production). */
  allowLoopbackHttp: boolean;
  /** The HTTP client (fetch); a test may watch it. */
  fetch?: typeof fetch;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export class PushService {
  private readonly fetch: typeof fetch;
  private readonly off: Array<() => void>;
  /** Sends under way (a test or a shutdown waits for them). */
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly deps: PushDeps) {
    this.fetch = deps.fetch ?? fetch;
    this.off = [
      deps.events.on('payments.queueChanged', (event) => this.track(this.onPayment(event))),
      deps.events.on('settlement.marketSettled', (event) => {
        // A live casino round settles every few seconds on every table: no notification for those.
        if (event.source !== 'casino') this.track(this.onSettled(event.settlementId));
      }),
    ];
  }

  /** GET push-key. */
  publicKey(): string {
    return this.deps.vapid.publicKey;
  }

  /** POST push-subscribe: this browser now receives the caller's notifications. */
  async subscribe(actor: Actor, body: PushSubscribeRequest): Promise<PushSubscriptions> {
    if (!this.endpointAllowed(body.endpoint)) throw new DomainError('VALIDATION', MESSAGES.pushEndpointInvalid);
    await repo.saveSubscription(this.deps.db, { userId: actor.userId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth });
    return { subscriptions: await repo.countOf(this.deps.db, actor.userId) };
  }

  /** POST push-unsubscribe: this browser no longer receives the caller's notifications. */
  async unsubscribe(actor: Actor, endpoint: string): Promise<PushSubscriptions> {
    await repo.deleteSubscription(this.deps.db, actor.userId, endpoint);
    return { subscriptions: await repo.countOf(this.deps.db, actor.userId) };
  }

  /** Resolves once every send started so far has ended. */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  close(): void {
    for (const off of this.off) off();
  }

  private endpointAllowed(endpoint: string): boolean {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return false;
    }
    if (url.username !== '' || url.password !== '') return false;
    return url.protocol === 'https:' || (url.protocol === 'http:' && this.deps.allowLoopbackHttp && LOOPBACK.has(url.hostname));
  }

  private track(work: Promise<void>): void {
    const done = work.catch((error: unknown) => this.deps.log.error({ err: error }, 'push notification failed')).finally(() => this.inFlight.delete(done));
    this.inFlight.add(done);
  }

  private async onPayment(event: DomainEventMap['payments.queueChanged']): Promise<void> {
    const amount = `₹${formatPaiseGrouped(event.amountMinor)}`;
    const kind = event.type === 'deposit' ? 'Deposit' : 'Withdrawal';
    if (event.change === 'requested') {
      await this.send(event.agentIds, {
        title: `New ${event.type} request`,
        body: `${event.username} asks for ${amount}`,
        url: event.type === 'deposit' ? '/admin/depositstatement' : '/admin/withdrawstatement',
        tag: `payment-${event.requestId}`,
      });
      return;
    }
    await this.send([event.ownerId], {
      title: `${kind} ${event.status}`,
      body: `Your ${event.type} request of ${amount} was ${event.status}.`,
      url: event.type === 'deposit' ? '/depositstatement' : '/withdrawstatement',
      tag: `payment-${event.requestId}`,
    });
  }

  /** Each player of the settlement its own result: one read of their browsers, every delivery at once. */
  private async onSettled(settlementId: string): Promise<void> {
    const results = await repo.settledResults(this.deps.db, settlementId);
    const messages = new Map(
      results.map((result): [string, PushMessage] => {
        const net = result.netMinor;
        const outcome = net > 0n ? `you won ₹${formatPaiseGrouped(net)}` : net < 0n ? `you lost ₹${formatPaiseGrouped(-net)}` : 'no win, no loss';
        return [result.userId, { title: `Bet settled: ${result.matchName}`, body: `${result.marketName}: ${outcome}.`, url: '/bethistory', tag: `settled-${settlementId}` }];
      }),
    );
    await this.sendEach(messages);
  }

  /** One message to every browser of these users. */
  private send(userIds: readonly string[], message: PushMessage): Promise<void> {
    return this.sendEach(new Map(userIds.map((userId) => [userId, message])));
  }

  /** Each user's message to each of its browsers; every delivery on its own (one failing or slow holds none back). */
  private async sendEach(messages: ReadonlyMap<string, PushMessage>): Promise<void> {
    const subscriptions = await repo.subscriptionsOf(this.deps.db, [...messages.keys()]);
    await Promise.all(
      subscriptions.flatMap((subscription) => {
        const message = messages.get(subscription.userId);
        return message === undefined ? [] : [this.deliver(subscription, message)];
      }),
    );
  }

  private async deliver(subscription: repo.SubscriptionRow, message: PushMessage): Promise<void> {
    const { db, vapid, subject, log } = this.deps;
    const request = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(message),
      { vapidDetails: { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey }, TTL: TTL_SEC, contentEncoding: 'aes128gcm', urgency: 'normal' },
    );
    let status: number;
    try {
      const answer = await this.fetch(request.endpoint, { method: 'POST', headers: request.headers, body: request.body, signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });
      status = answer.status;
      await answer.arrayBuffer().catch(() => undefined);
    } catch (error) {
      log.warn({ err: error, subscription: subscription.id }, 'push service unreachable');
      await repo.markDelivery(db, subscription.id, false);
      return;
    }
    if (status === 404 || status === 410) {
      await repo.dropEndpoint(db, subscription.endpoint);
      return;
    }
    if (status >= 200 && status < 300) {
      await repo.markDelivery(db, subscription.id, true);
      return;
    }
    log.warn({ subscription: subscription.id, status }, 'push service refused a message');
    await repo.markDelivery(db, subscription.id, false);
  }
}
