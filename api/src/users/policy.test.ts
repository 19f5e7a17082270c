import { MESSAGES, ROLES, type Role } from '@backlay/shared/contracts';
import type { Actor } from '../plugins/request-context';
import { ACTION_RULES, decide, decideCreate, decideLift, type TargetPosition, type UserAction } from './policy';

// A chain root → a → b (→ c), and a stranger under the root in another branch.
const ROOT = 'root';
const A = 'a';
const B = 'b';
const target = (id: string, ancestors: string[]): TargetPosition => ({ id, parentId: ancestors.at(-1) ?? null, ancestors });
const self = target(A, [ROOT]);
const child = target(B, [ROOT, A]);
const grandchild = target('c', [ROOT, A, B]);
const parent = target(ROOT, []);
const sibling = target('s', [ROOT]);
const otherBranch = target('x', [ROOT, 's']);

const agent: Actor = { userId: A, role: 'sadmin', siteId: 'backlay' };
const player: Actor = { userId: A, role: 'user', siteId: 'backlay' };

const allow = { allow: true };
const notFound = { allow: false, code: 'NOT_FOUND', message: MESSAGES.notInDownline };
const ownAccount = { allow: false, code: 'FORBIDDEN', message: MESSAGES.notOwnAccount };
const agentsOnly = { allow: false, code: 'FORBIDDEN', message: MESSAGES.agentsOnly };
const childOnly = { allow: false, code: 'FORBIDDEN', message: MESSAGES.directChildOnly };

describe('decide', () => {
  // action, self, child, grandchild (deep), parent (ancestor), sibling, other branch
  it.each<[UserAction, unknown, unknown, unknown]>([
    ['listClients', allow, allow, allow],
    ['viewUser', allow, allow, allow],
    ['updateUser', ownAccount, allow, allow],
    ['depositChips', ownAccount, allow, childOnly],
    ['withdrawChips', ownAccount, allow, childOnly],
    ['lockUser', ownAccount, allow, allow],
    ['betLockUser', ownAccount, allow, allow],
    ['changeChildPassword', ownAccount, allow, allow],
    ['viewStatement', allow, allow, allow],
    ['viewPayments', allow, allow, allow],
    ['decidePayment', ownAccount, allow, allow],
    ['viewBets', allow, allow, allow],
    ['viewBooks', allow, allow, allow],
  ])('%s by an agent: self, child, deep descendant; never upward or sideways', (action, onSelf, onChild, onDeep) => {
    expect(decide(action, agent, self)).toEqual(onSelf);
    expect(decide(action, agent, child)).toEqual(onChild);
    expect(decide(action, agent, grandchild)).toEqual(onDeep);
    // Foreign and nonexistent targets get the same answer: no existence oracle.
    expect(decide(action, agent, parent)).toEqual(notFound);
    expect(decide(action, agent, sibling)).toEqual(notFound);
    expect(decide(action, agent, otherBranch)).toEqual(notFound);
    expect(decide(action, agent, null)).toEqual(notFound);
  });

  it.each(Object.keys(ACTION_RULES) as UserAction[])('%s by a player', (action) => {
    const expected = ACTION_RULES[action].agentsOnly ? agentsOnly : allow;
    expect(decide(action, player, self)).toEqual(expected);
    // Players answer the same whatever the target: agents-only actions never look further.
    expect(decide(action, player, null)).toEqual(ACTION_RULES[action].agentsOnly ? agentsOnly : notFound);
    expect(decide(action, player, parent)).toEqual(ACTION_RULES[action].agentsOnly ? agentsOnly : notFound);
  });
});

describe('decideCreate', () => {
  const actorOf = (role: Role): Actor => ({ userId: A, role, siteId: 'backlay' });
  it.each([
    ['admin', 'sadmin', allow],
    ['sadmin', 'smdl', allow],
    ['smdl', 'mdl', allow],
    ['mdl', 'dl', allow],
    ['dl', 'user', allow],
    ['sadmin', 'sadmin', { allow: false, code: 'FORBIDDEN', message: 'You can create only SMDL accounts' }],
    ['sadmin', 'mdl', { allow: false, code: 'FORBIDDEN', message: 'You can create only SMDL accounts' }],
    ['dl', 'mdl', { allow: false, code: 'FORBIDDEN', message: 'You can create only USER accounts' }],
    ['user', 'user', agentsOnly],
  ] as const)('%s creating %s', (actorRole, role, expected) => {
    expect(decideCreate(actorOf(actorRole), role)).toEqual(expected);
  });

  it('every agent may create exactly one role', () => {
    for (const actorRole of ROLES) {
      const allowed = ROLES.filter((role) => decideCreate(actorOf(actorRole), role).allow);
      expect(allowed).toHaveLength(actorRole === 'user' ? 0 : 1);
    }
  });
});

describe('decideLift', () => {
  // The actor is A (root → A → B → c). The lock is on the grandchild c.
  const setter = (position: TargetPosition) => ({ id: position.id, ancestors: position.ancestors });
  const setAbove = { allow: false, code: 'FORBIDDEN', message: MESSAGES.lockSetAbove };
  it.each<[string, ReturnType<typeof setter> | null, Actor, unknown]>([
    ['its own lock', setter(self), agent, allow],
    ['a lock its child set', setter(child), agent, allow],
    ['a lock its parent set', setter(parent), agent, setAbove],
    ['a lock a sibling set (moved branches)', setter(sibling), agent, setAbove],
    ['a lock with no recorded setter, not the root', null, agent, setAbove],
    ['a lock with no recorded setter, as the root', null, { userId: ROOT, role: 'admin', siteId: 'backlay' }, allow],
  ])('%s', (_name, lockSetter, actor, expected) => {
    expect(decideLift(actor, grandchild, lockSetter)).toEqual(expected);
  });
});
