import {
  SITE_ADMIN_MESSAGES as M,
  SITE_COLOUR_PATTERN_SOURCE,
  SITE_ID_PATTERN_SOURCE,
  SITE_LANGUAGES,
  SITE_LOGO_MAX_BYTES,
  SITE_MAINTENANCE_MESSAGE_MAX_LENGTH,
  SITE_MAX_DOMAINS,
  SITE_NAME_MAX_LENGTH,
  SITE_SUPPORT_EMAIL_MAX_LENGTH,
  SITE_SUPPORT_PHONE_MAX_LENGTH,
  SITE_THEME_KEYS,
  type SiteFields,
  type SiteLanguage,
  type SiteTheme,
} from '@backlay/shared/contracts';

/**
 * Which site a request is for (issue 35, ADR 0074): the host name of its Host header (or of
 * X-Forwarded-Host behind a trusted proxy, as Fastify's request.hostname reads it), in the one
 * form a site's domain is stored in. Pure: the directory (sites.service.ts) does the lookup.
 */

/** A site id: a lower-case slug (the `sites.id` check). */
export const SITE_ID_PATTERN = new RegExp(SITE_ID_PATTERN_SOURCE);

/** The default site migration 0049 creates: every account of a deployment older than sites is on it. */
export const DEFAULT_SITE_ID = 'backlay';

const HOST_NAME = /^[a-z0-9]([a-z0-9.-]{0,251}[a-z0-9])?$/;

/**
 * The host name a domain is stored as: lower case, no port, no trailing dot; null for anything
 * that is not a DNS name or an IPv4 address (an IPv6 literal, a user-info part, control
 * characters, an empty or over-long value): such a request is answered as the default site.
 */
export function hostNameOf(hostname: string | undefined): string | null {
  if (hostname === undefined || hostname.length === 0 || hostname.length > 260) return null;
  let name = hostname.toLowerCase();
  // request.hostname keeps the port of a Host header it could not split (Fastify 5 strips it).
  const colon = name.lastIndexOf(':');
  if (colon > 0 && !name.startsWith('[') && /^\d{1,5}$/.test(name.slice(colon + 1))) name = name.slice(0, colon);
  if (name.endsWith('.')) name = name.slice(0, -1);
  if (!HOST_NAME.test(name) || name.includes('..')) return null;
  return name;
}

/** A check's answer: the normalised value, or the message of the first problem. */
export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * The domains a site answers on, each in its stored form (hostNameOf), without repeats; anything
 * that is no host name is refused by name. `required`: at least one (a new site's).
 */
export function checkDomains(domains: readonly string[], required: boolean): Checked<string[]> {
  const names: string[] = [];
  for (const domain of domains) {
    const name = hostNameOf(domain.trim());
    if (name === null) return { ok: false, message: M.domainInvalid(domain.trim()) };
    if (!names.includes(name)) names.push(name);
  }
  if (required && names.length === 0) return { ok: false, message: M.domainsRequired };
  if (names.length > SITE_MAX_DOMAINS) return { ok: false, message: M.tooManyDomains };
  return { ok: true, value: names };
}

const LOGO = /^data:image\/(svg\+xml|png|webp);base64,([A-Za-z0-9+/]+={0,2})$/;

/**
 * A logo: a base64 data: URL of an SVG, PNG or WebP image whose bytes are of that type (the PNG
 * signature, RIFF…WEBP, or markup for SVG), at most SITE_LOGO_MAX_BYTES decoded. Null: none.
 * It is shown in an <img>, where no script of an SVG ever runs.
 */
export function checkLogo(logo: string | null): string | null {
  if (logo === null) return null;
  const match = LOGO.exec(logo);
  if (match === null || match[2] === undefined || match[2].length % 4 !== 0) return M.logoInvalid;
  const bytes = Buffer.from(match[2], 'base64');
  if (bytes.length > SITE_LOGO_MAX_BYTES) return M.logoTooLarge;
  const type = match[1];
  const ok =
    type === 'png'
      ? bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
      : type === 'webp'
        ? bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP'
        : /^(\uFEFF)?\s*</.test(bytes.subarray(0, 64).toString('utf8')) && bytes.toString('utf8').includes('<svg');
  return ok ? null : M.logoInvalid;
}

const COLOUR = new RegExp(SITE_COLOUR_PATTERN_SOURCE);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9][0-9 -]*$/;

/** The fields of a site, trimmed and checked (a partial input checks only what it has). */
export function checkSiteFields<T extends Partial<SiteFields>>(input: T): Checked<T> {
  const fail = (message: string): Checked<T> => ({ ok: false, message });
  const value = { ...input };
  if (input.name !== undefined) {
    const name = input.name.trim();
    if (name.length < 2 || name.length > SITE_NAME_MAX_LENGTH) return fail(M.nameInvalid);
    value.name = name;
  }
  if (input.theme !== undefined) {
    for (const key of SITE_THEME_KEYS) {
      const colour = input.theme[key];
      if (typeof colour !== 'string' || !COLOUR.test(colour)) return fail(M.colourInvalid(key));
    }
    value.theme = Object.fromEntries(SITE_THEME_KEYS.map((key) => [key, input.theme?.[key].toLowerCase()])) as SiteTheme;
  }
  if (input.logo !== undefined) {
    const problem = checkLogo(input.logo);
    if (problem !== null) return fail(problem);
  }
  if (input.support !== undefined) {
    const email = input.support.email.trim();
    const phone = input.support.phone.trim();
    if (email.length > SITE_SUPPORT_EMAIL_MAX_LENGTH || (email !== '' && !EMAIL.test(email))) return fail(M.supportEmailInvalid);
    if (phone.length > SITE_SUPPORT_PHONE_MAX_LENGTH || (phone !== '' && !PHONE.test(phone))) return fail(M.supportPhoneInvalid);
    value.support = { email, phone };
  }
  if (input.languages !== undefined || input.defaultLanguage !== undefined) {
    if (!languagesOk(input.languages, input.defaultLanguage)) return fail(M.languagesInvalid);
  }
  if (input.maintenanceMessage !== undefined) {
    const message = input.maintenanceMessage.trim();
    if (message.length > SITE_MAINTENANCE_MESSAGE_MAX_LENGTH) return fail(M.maintenanceMessageTooLong);
    value.maintenanceMessage = message;
  }
  return { ok: true, value };
}

/** Languages from the list, each once, at least one, with the default among them (checked whole: both or neither). */
function languagesOk(languages: readonly SiteLanguage[] | undefined, defaultLanguage: SiteLanguage | undefined): boolean {
  if (languages === undefined || defaultLanguage === undefined) return false;
  return (
    languages.length >= 1 &&
    new Set(languages).size === languages.length &&
    languages.every((language) => (SITE_LANGUAGES as readonly string[]).includes(language)) &&
    languages.includes(defaultLanguage)
  );
}

/** A site id's problem, or null. */
export function checkSiteId(id: string): string | null {
  return SITE_ID_PATTERN.test(id) ? null : M.idInvalid;
}
