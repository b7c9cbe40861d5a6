import Fastify from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDb } from './db/index';
import { freePort } from '../../scripts/built-server';
import { isDatabaseUnavailable, registerErrorHandler } from './errors';

describe('a database out of reach', () => {
  it('is told apart from other errors', () => {
    const coded = (message: string, code: string) => Object.assign(new Error(message), { code });
    for (const err of [
      coded('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      coded('terminating connection due to administrator command', '57P01'),
      coded('the database system is starting up', '57P03'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
    ]) {
      expect(isDatabaseUnavailable(err), err.message).toBe(true);
    }
    for (const err of [coded('duplicate key value violates unique constraint', '23505'), new Error('Cannot read properties of undefined'), 'ECONNREFUSED', null]) {
      expect(isDatabaseUnavailable(err)).toBe(false);
    }
  });

  it('answers 503 with a message in the request language and Retry-After, quickly, and the process stays up', async () => {
    // A port nobody listens on: every connection is refused, as while PostgreSQL restarts.
    const db = createDb({ kind: 'postgres', url: `postgres://nobody@127.0.0.1:${await freePort()}/none` });
    const app = Fastify({ logger: false });
    app.decorateRequest('lang', 'de');
    registerErrorHandler(app);
    app.get('/count', async () => (await sql<{ n: number }>`select 1 as n`.execute(db)).rows);
    try {
      const started = Date.now();
      const res = await app.inject({ method: 'GET', url: '/count' });
      expect(Date.now() - started).toBeLessThan(5_500);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({ success: false, code: 'databaseUnavailable', error: 'Der Dienst ist kurz nicht erreichbar. Bitte versuche es in ein paar Sekunden erneut.' });
      expect(res.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
    } finally {
      await app.close();
      await db.destroy();
    }
  });
});
