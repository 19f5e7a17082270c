/** Makes the database handle available as `app.db`. Its owner (main or a test) closes it. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/database';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

async function dbPlugin(app: FastifyInstance, options: { db: Database }): Promise<void> {
  app.decorate('db', options.db);
}

export const dbHandle = fp(dbPlugin, { name: 'db', fastify: '5.x' });
