/**
 * Roles of the six-tier hierarchy (docs/rules/product.md §6), top to bottom. Each agent creates accounts only one
 * tier below itself; `user` is the player and has no downline.
 */
export const ROLES = ['admin', 'sadmin', 'smdl', 'mdl', 'dl', 'user'] as const;

/** A role value as stored and sent by the API. */
export type Role = (typeof ROLES)[number];

/** Display label of each role (docs/rules/product.md §6). */
export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  admin: 'Super Admin',
  sadmin: 'Admin',
  smdl: 'SMDL',
  mdl: 'MDL',
  dl: 'DL',
  user: 'USER',
};

/** The sign-in area a role belongs to: only `user` plays in the player area. */
export type Area = 'player' | 'admin';

/** Area of a role: every role but `user` works in the admin area (docs/rules/product.md §6). */
export function areaOfRole(role: Role): Area {
  return role === 'user' ? 'player' : 'admin';
}

/** True for a known role value. */
export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** The role one tier below `role`, or null for `user`. */
export function childRoleOf(role: Role): Role | null {
  const i = ROLES.indexOf(role);
  return i < ROLES.length - 1 ? ROLES[i + 1] : null;
}

/** Roles that may use the sports administration screens (docs/rules/product.md §6). */
export const SPORTS_ADMIN_ROLES: readonly Role[] = ['admin', 'sadmin'];

/** The roles with a downline: every role but the player. Agent-only routes admit these alone. */
export const AGENT_ROLES: readonly Role[] = ROLES.filter((role) => role !== 'user');

/**
 * Roles that land on '/' after login whatever the device (docs/rules/product.md §4). The numeric values '1', '2',
 * '3' come from older clients of the same protocol and are accepted as they are.
 */
export const HOME_LANDING_ROLES: readonly string[] = ['admin', '1', '2', '3'];
