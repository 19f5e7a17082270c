/**
 * The probes of a deployment (deploy/compose.yaml, deploy/k8s): two routes because they answer
 * different questions.
 *
 * - GET /api/health (readiness): the process answers, the database runs `select 1` and, in a
 *   cluster (REDIS_URL), Redis answers a PING within a second. While it fails, the load balancer
 *   sends this instance nothing (every request needs the database; a cluster's sessions, throttles
 *   and realtime streams need Redis). It
 *   names the version running (`0.1.0+<commit>`, version.ts), so a rolling deploy can be watched.
 * - GET /api/health/live (liveness): the process answers, nothing else is asked. A database
 *   outage must not make the orchestrator restart every instance at once: they could not do
 *   better after a restart, and restarting drops every socket.
 */
import { MESSAGES, type HealthResponse, type LivenessResponse } from '@backlay/shared/contracts';
import type { FastifyInstance } from 'fastify';
import type { Cluster } from '../cluster/cluster';
import { ping } from '../db/database';
import { publicAccess } from '../plugins/auth';
import { healthSchema, livenessSchema } from './health.schemas';
import { API_VERSION } from './version';

/** How long readiness waits for Redis's PING. */
const REDIS_PING_TIMEOUT_MS = 1_000;

export async function healthRoutes(app: FastifyInstance, options: { cluster: Pick<Cluster, 'ping'> }): Promise<void> {
  app.get('/health', { schema: healthSchema, config: { access: publicAccess() } }, async () => {
    await ping(app.db);
    const redis = await options.cluster.ping(REDIS_PING_TIMEOUT_MS);
    const data: HealthResponse = { status: 'ok', db: 'up', redis: redis ?? 'off', version: API_VERSION };
    return { data, message: MESSAGES.ok };
  });

  app.get('/health/live', { schema: livenessSchema, config: { access: publicAccess() } }, async () => {
    const data: LivenessResponse = { status: 'ok' };
    return { data, message: MESSAGES.ok };
  });
}
