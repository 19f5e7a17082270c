import { MESSAGES, type DownlineRow } from '@backlay/shared/contracts';
import { body, buildTestApp, type TestContext } from './helper';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /api/downline', () => {
  it('returns only the direct children, ordered by username, with wallet figures', async () => {
    const sadmin = await t.createUser({ role: 'sadmin' });
    const b = await t.createUser({ role: 'smdl', parentId: sadmin.id, username: 'b-child' });
    const a = await t.createUser({ role: 'smdl', parentId: sadmin.id, username: 'A-child' });
    await t.createUser({ role: 'mdl', parentId: a.id }); // grandchild: not listed
    await t.createUser({ role: 'smdl' }); // another branch: not listed
    await t.fund(b.id, 250n);

    const session = await t.login(sadmin);
    const response = await t.request({ method: 'GET', url: '/api/downline', token: session.token });
    expect(response.statusCode).toBe(200);
    const { data, message } = body<{ data: DownlineRow[]; message: string }>(response);
    expect(message).toBe(MESSAGES.ok);
    expect(data.map((row) => row.username)).toEqual(['A-child', 'b-child']);
    expect(data[1]).toEqual({
      _id: b.id,
      username: 'b-child',
      role: 'smdl',
      roleLabel: 'SMDL',
      status: 'active',
      balance: 250,
      exposer: 0,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
  });

  it('is empty for a DL without players', async () => {
    const dl = await t.createUser({ role: 'dl' });
    const session = await t.login(dl);
    const response = await t.request({ method: 'GET', url: '/api/downline', token: session.token });
    expect(body(response).data).toEqual([]);
  });
});

describe('UsersPolicy.isInDownline', () => {
  it('is true for descendants at any depth and false otherwise', async () => {
    const user = await t.createUser({ role: 'user' });
    const chain: string[] = [user.id];
    let parentId = user.parentId;
    while (parentId !== null) {
      chain.unshift(parentId);
      const { rows } = await t.db.query<{ parent_id: string | null }>('SELECT parent_id FROM users WHERE id = $1', [parentId]);
      parentId = rows[0]?.parent_id ?? null;
    }
    expect(chain).toHaveLength(6);
    const policy = t.services.usersPolicy;
    const [admin, sadmin, , , dl] = chain as [string, string, string, string, string, string];
    expect(await policy.isInDownline(admin, user.id)).toBe(true);
    expect(await policy.isInDownline(dl, user.id)).toBe(true);
    expect(await policy.isInDownline(user.id, dl)).toBe(false);
    expect(await policy.isInDownline(user.id, user.id)).toBe(false);
    const stranger = await t.createUser({ role: 'sadmin' });
    expect(await policy.isInDownline(stranger.id, user.id)).toBe(false);
    expect(await policy.isInDownline(sadmin, stranger.id)).toBe(false);
  });

  it('the database refuses a child that is not exactly one tier below its parent', async () => {
    const admin = await t.createUser({ role: 'admin' });
    await expect(
      t.db.query("INSERT INTO users (username, role, parent_id, password_hash) VALUES ('skip-tier', 'dl', $1, 'x')", [admin.id]),
    ).rejects.toThrow(/cannot be a child of role admin/);
    await expect(
      t.db.query("INSERT INTO users (username, role, password_hash) VALUES ('orphan', 'user', 'x')"),
    ).rejects.toThrow(/users_root_has_no_parent/);
  });
});
