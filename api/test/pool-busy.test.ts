/**
 * An overloaded moment: every database connection stays busy past the pool's wait (5 s). The
 * request that could not get one is answered 503 BUSY with Retry-After, never a 500 (a fault
 * page, an alert), and the API answers normally once connections are free again.
 */
import { body, buildTestApp, type TestContext } from './helper';

let t: TestContext;

beforeAll(async () => {
  t = await buildTestApp({ env: { DB_POOL_MAX: '2' } });
});
afterAll(() => t.close());

it('answers 503 BUSY with Retry-After when no connection comes free in time, then 200 again', async () => {
  const user = await t.createUser({ role: 'user' });
  const { token } = await t.login(user);
  // Both connections of the pool held for longer than a checkout may wait.
  const held = Promise.all([t.db.query('SELECT pg_sleep(6)'), t.db.query('SELECT pg_sleep(6)')]);
  const busy = await t.request({ method: 'GET', url: '/api/user-info', token });
  expect(busy.statusCode).toBe(503);
  expect(busy.headers['retry-after']).toBe('1');
  expect(body<{ data: { code: string }; message: string }>(busy)).toEqual({ data: { code: 'BUSY' }, message: 'The service is busy. Please try again in a moment.' });
  await held;
  expect((await t.request({ method: 'GET', url: '/api/user-info', token })).statusCode).toBe(200);
}, 30_000);
