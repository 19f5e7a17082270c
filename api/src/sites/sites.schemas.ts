/** JSON schemas of the sites routes (ADR 0074). */
import {
  SITE_LANGUAGES,
  SITE_THEME_KEYS,
  type CreateSiteRequest,
  type UpdateSiteRequest,
} from '@backlay/shared/contracts';
import { bearerSecurity, responses, uuidSchema, type Agree, type AllAgree, type BodyOf } from '../common/schemas';

// The contract's pattern (SITE_COLOUR_PATTERN_SOURCE), written out: json-schema-to-ts reads literals only.
const colour = { type: 'string', pattern: '^#[0-9a-fA-F]{6}$' } as const;

export const publicSiteResponse = {
  type: 'object',
  required: ['id', 'name', 'theme', 'logo', 'languages', 'defaultLanguage', 'support', 'maintenance', 'maintenanceMessage'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    theme: { type: 'object', required: [...SITE_THEME_KEYS], properties: Object.fromEntries(SITE_THEME_KEYS.map((key) => [key, colour])) },
    logo: { type: ['string', 'null'] },
    languages: { type: 'array', items: { type: 'string', enum: [...SITE_LANGUAGES] } },
    defaultLanguage: { type: 'string', enum: [...SITE_LANGUAGES] },
    support: { type: 'object', required: ['email', 'phone'], properties: { email: { type: 'string' }, phone: { type: 'string' } } },
    maintenance: { type: 'boolean' },
    maintenanceMessage: { type: 'string' },
  },
} as const;

export const publicSiteSchema = {
  tags: ['sites'],
  description: "The site of the request's host (a host no site names is the default site): its name, theme, logo, languages and support contact, for the shell to show.",
  response: responses(publicSiteResponse),
} as const;

export const siteManifestSchema = {
  tags: ['sites'],
  description:
    "The web app manifest of the request's host's site (ADR 0076), as the browser installs it: the site's name (short_name: the name, or its first word when longer than 12 characters), its header colour as theme and background colour, the platform's icons. Not the API's envelope: the manifest itself, application/manifest+json.",
  produces: ['application/manifest+json'],
} as const;

/** A site as the Super Admin manages it (GET get-site-list). */
const siteAdminRow = {
  type: 'object',
  required: [...publicSiteResponse.required, 'domains', 'isDefault', 'admin'],
  properties: {
    ...publicSiteResponse.properties,
    domains: { type: 'array', items: { type: 'string' } },
    isDefault: { type: 'boolean' },
    admin: {
      anyOf: [{ type: 'null' }, { type: 'object', required: ['id', 'username'], properties: { id: uuidSchema, username: { type: 'string' } } }],
    },
  },
} as const;

export const siteListSchema = {
  tags: ['sites'],
  security: bearerSecurity,
  description:
    'The sites the caller manages: every site for the Super Admin; for an Admin, the site its account is on. Each with its domains, theme, logo, support contact, languages, maintenance switch and bound Admin.',
  response: responses({ type: 'array', items: siteAdminRow }),
} as const;

// Lengths are bounded here so nothing huge reaches the rules; the rules (site-rules.ts) say what is wrong in words.
const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;
const theme = {
  type: 'object',
  required: [...SITE_THEME_KEYS],
  additionalProperties: false,
  properties: { primary: text(16), accent: text(16), header: text(16), headerText: text(16) },
} as const;
const support = {
  type: 'object',
  required: ['email', 'phone'],
  additionalProperties: false,
  properties: { email: text(200), phone: text(40) },
} as const;
const siteFields = {
  name: text(200),
  theme,
  // ≤ 64 KB decoded is ≤ 87,382 base64 characters and the data: prefix.
  logo: { type: ['string', 'null'], maxLength: 90_000 },
  support,
  languages: { type: 'array', maxItems: 10, items: { type: 'string', enum: [...SITE_LANGUAGES] } },
  defaultLanguage: { type: 'string', enum: [...SITE_LANGUAGES] },
  maintenanceMessage: text(1000),
  // Checked by the access hook (`transactionPassword: true`, ADR 0032).
  transactionPassword: { type: 'string', minLength: 1, maxLength: 64 },
} as const;
const domains = { type: 'array', maxItems: 50, items: text(300) } as const;
const siteId = text(64);

export const createSiteSchema = {
  tags: ['sites'],
  security: bearerSecurity,
  description:
    "The Super Admin creates a site: its id, domains, name, theme, logo, support contact, languages and maintenance message, and the site's Admin (a new account, the root's child on the new site, bound to it), in one transaction.",
  body: {
    type: 'object',
    required: ['id', 'name', 'domains', 'theme', 'logo', 'support', 'languages', 'defaultLanguage', 'maintenanceMessage', 'admin', 'transactionPassword'],
    additionalProperties: false,
    properties: {
      id: siteId,
      domains,
      ...siteFields,
      admin: {
        type: 'object',
        required: ['username', 'password', 'partnership'],
        additionalProperties: false,
        properties: { username: text(64), password: { type: 'string', minLength: 1, maxLength: 512 }, partnership: { type: 'number', minimum: -1e6, maximum: 1e6 } },
      },
    },
  },
  response: responses(siteAdminRow),
} as const;

export const updateSiteSchema = {
  tags: ['sites'],
  security: bearerSecurity,
  description:
    "Edits a site: the fields sent change. The Super Admin edits any site; an Admin only its own and never its domains. Switching a site's maintenance on closes its open player pages at once.",
  body: {
    type: 'object',
    required: ['id', 'transactionPassword'],
    additionalProperties: false,
    properties: { id: siteId, domains, maintenance: { type: 'boolean' }, ...siteFields },
  },
  response: responses(siteAdminRow),
} as const;

/** The contracts' request types (the front end's) agree with the schemas. */
export type SitesContractsAgree = AllAgree<
  [Agree<CreateSiteRequest, BodyOf<typeof createSiteSchema>>, Agree<UpdateSiteRequest, BodyOf<typeof updateSiteSchema>>]
>;
