import path from 'node:path';
import { z } from 'zod';
import { REMOTE_NAMES, type RemoteName } from '@dating/shared';
import { parsePushHosts } from './push/endpoint';

/** Everything the API reads from the environment, read once at start-up. */
export interface Config {
  port: number;
  host: string;
  /** Folder of the embedded PGlite database (ignored when databaseUrl is set). */
  dataDir: string;
  /** A PostgreSQL server to use instead of PGlite. */
  databaseUrl?: string;
  /**
   * Hosts (lower case, no port) on which the operator API (/api/operator/*, /api/admin/*) answers
   * (OPERATOR_HOSTS, comma-separated); elsewhere it answers 404. Unset: every host in development,
   * none in production (a deployment names its back-office host).
   */
  operatorHosts?: string[];
  /** Origin of the back office for enrolment links (OPERATOR_ORIGIN, e.g. https://backoffice.example.com). */
  operatorOrigin?: string;
  production: boolean;
  /**
   * Exactly the proxies whose x-forwarded-* the API believes (Fastify `trustProxy`): addresses,
   * CIDR ranges or names like 'loopback'; false: none. Never "any" (TRUST_PROXY=true is refused).
   */
  trustProxy: false | string[];
  /** Manifest URL per remote, used when seeding a site's remote registry. */
  remoteUrls: Record<RemoteName, string>;
  /** Per-IP limits on login, signup, password reset, validate_email … (RATE_LIMITS=off disables them). */
  rateLimits: boolean;
  /** How often queued password-reset requests are worked off, in ms (default 200: src/account/reset-queue.ts). */
  passwordResetQueueMs?: number;
  /** SMTP server for outgoing mail (smtp://user:pass@host:587); unset: the development mailbox. */
  smtpUrl?: string;
  /** Sender address of outgoing mail; default no-reply@<the site's first host>. */
  mailFrom?: string;
  /** Folder of profile photos; default `<dataDir>/images`. */
  imagesDir?: string;
  /** VAPID subject of web push (mailto: or https:), where push services can reach the operator. */
  pushSubject: string;
  /**
   * Push services the API stores subscriptions of and posts to (PUSH_HOSTS, see src/push/endpoint.ts):
   * https host names or `*.domain`; an exact origin (`http://127.0.0.1:9999`) only for local tests.
   */
  pushHosts: string[];
  /**
   * Demo data (the README's two logins, the profiles of src/seed/members.ts and the DEMO_MEMBERS
   * generated members): DEMO=on|off, default on in development and off in production. In production
   * the demo logins never get the known demo password.
   */
  demo: boolean;
  /** Demo members seeded into an empty database by main.ts when `demo` is on (DEMO_MEMBERS, default 3000; 0: none). */
  demoMembers: number;
  /**
   * Generated photos for the demo members (DEMO_PHOTOS): `all` (on, the default: the first search
   * pages' before the server listens, the rest in the background), `first` (those of the first pages
   * only: the e2e suite, whose journeys would share the machine with the background's ~200 s of
   * image encoding) or `none` (off).
   */
  demoPhotos: 'all' | 'first' | 'none';
  /** Mollie API key (test_… or live_…); unset outside production: the local Mollie sandbox (src/commerce). */
  mollieApiKey?: string;
  /**
   * How often the local Mollie sandbox charges due subscription renewals, in ms
   * (MOLLIE_SANDBOX_RENEWAL_MS, default 10000; 0: never, only when asked). Sandbox only.
   */
  mollieSandboxRenewalMs: number;
  /**
   * A Redis (or Valkey) server (REDIS_URL, redis://…): live events and cache changes travel on its
   * pub/sub and rate-limit counters live in it, so that several API processes on one PostgreSQL
   * server share them (docs/scaling.md). Needs DATABASE_URL. Unset: PostgreSQL LISTEN/NOTIFY and
   * counters in the database (one process on PGlite: in-process), as before.
   */
  redisUrl?: string;
  /** Prefix of every Redis key and channel (REDIS_PREFIX, default `dating:`): several sites or test runs on one server. */
  redisPrefix: string;
  /**
   * S3-compatible object storage for photos (S3_URL, see src/images/s3.ts): bucket, region, endpoint
   * and credentials in one URL; `sandbox` (development): the API's local S3-compatible endpoint.
   * Unset: files in `imagesDir`.
   */
  s3Url?: string;
}

export const REPO_ROOT = path.resolve(__dirname, '..', '..');

/**
 * The default registry: every remote on its own port of localhost, 8081 to 8086, and the back
 * office on 8088 (8087 is the e2e suite's second build); the same ports as scripts/packages.mjs.
 */
export const DEFAULT_REMOTE_PORTS: Record<RemoteName, number> = {
  mf_auth_signup: 8081,
  mf_search: 8082,
  mf_chat: 8083,
  mf_likes_notifications: 8084,
  mf_commerce: 8085,
  mf_landers: 8086,
  mf_backoffice: 8088,
};
export const DEFAULT_REMOTE_URLS = Object.fromEntries(
  REMOTE_NAMES.map((name) => [name, `http://localhost:${DEFAULT_REMOTE_PORTS[name]}/mf-manifest.json`]),
) as Record<RemoteName, string>;

const RemoteUrlsSchema = z.partialRecord(z.enum(REMOTE_NAMES), z.url());

function parseRemoteUrls(raw: string | undefined): Record<RemoteName, string> {
  if (!raw) return { ...DEFAULT_REMOTE_URLS };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new Error('REMOTE_URLS is not valid JSON (expected {"mf_search": "http://…/mf-manifest.json", …})');
  }
  const parsed = RemoteUrlsSchema.safeParse(json);
  if (!parsed.success) throw new Error(`REMOTE_URLS is invalid: ${parsed.error.issues[0]?.message}`);
  return { ...DEFAULT_REMOTE_URLS, ...parsed.data };
}

/**
 * 'false', or a comma-separated list of addresses, CIDR ranges or names like 'loopback' (default).
 * 'true' would believe any client's own X-Forwarded-For, so rate limits could be reset at will.
 */
function parseTrustProxy(raw: string | undefined): false | string[] {
  if (raw === undefined || raw === '') return ['loopback'];
  if (raw === 'true') {
    throw new Error("TRUST_PROXY=true would believe any client's X-Forwarded-For: list your proxies' addresses (e.g. loopback,10.0.0.0/8)");
  }
  if (raw === 'false') return false;
  return raw.split(',').map((s) => s.trim()).filter(Boolean);
}

/** on (default) or off. */
function parseSwitch(name: string, raw: string | undefined): boolean {
  if (raw === undefined || raw === '' || /^(on|true|1)$/i.test(raw)) return true;
  if (/^(off|false|0)$/i.test(raw)) return false;
  throw new Error(`${name} must be on or off, not ${raw}`);
}

/** DEMO_PHOTOS: on (all), first, or off (none). */
function parseDemoPhotos(raw: string | undefined): Config['demoPhotos'] {
  if (raw !== undefined && /^first$/i.test(raw)) return 'first';
  try {
    return parseSwitch('DEMO_PHOTOS', raw) ? 'all' : 'none';
  } catch {
    throw new Error(`DEMO_PHOTOS must be on, first or off, not ${raw}`);
  }
}

/** A whole number from 0 up, or the default when unset. */
function parseCount(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 10_000_000) throw new Error(`${name} must be a whole number from 0, not ${raw}`);
  return n;
}

/** OPERATOR_HOSTS: comma-separated host names; unset: anywhere in development, nowhere in production. */
function parseOperatorHosts(raw: string | undefined, production: boolean): string[] | undefined {
  if (raw === undefined || raw.trim() === '') return production ? [] : undefined;
  const hosts = raw.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean);
  const bad = hosts.find((h) => !/^[a-z0-9.:_-]+$/.test(h));
  if (bad) throw new Error(`OPERATOR_HOSTS: "${bad}" is not a host name (no scheme, no port)`);
  return hosts;
}

/** redis:// or rediss://, and only with DATABASE_URL (one PGlite process has nobody to share with). */
function parseRedisUrl(raw: string | undefined, databaseUrl: string | undefined): string | undefined {
  if (!raw) return undefined;
  if (!/^rediss?:\/\//.test(raw)) throw new Error('REDIS_URL must be redis://[user:password@]host:port[/db] or rediss://…');
  if (!databaseUrl) throw new Error('REDIS_URL needs DATABASE_URL: several API processes share one PostgreSQL server (PGlite is one process)');
  return raw;
}

/** S3_URL is checked where it is read (src/images/s3.ts parseS3Url); here only that it is a URL. */
function parseS3Env(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  if (raw === 'sandbox') return raw;
  if (!URL.canParse(raw)) throw new Error('S3_URL must be s3://key:secret@bucket?region=…&endpoint=… (see docs/scaling.md)');
  return raw;
}

function parsePort(raw: string | undefined): number {
  if (!raw) return 8079;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT is invalid: ${raw}`);
  return port;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: parsePort(env.PORT),
    host: env.HOST || '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR || path.join(REPO_ROOT, '.data', 'pglite')),
    databaseUrl: env.DATABASE_URL || undefined,
    operatorHosts: parseOperatorHosts(env.OPERATOR_HOSTS, env.NODE_ENV === 'production'),
    operatorOrigin: env.OPERATOR_ORIGIN ? new URL(env.OPERATOR_ORIGIN).origin : undefined,
    production: env.NODE_ENV === 'production',
    demo: env.DEMO === undefined || env.DEMO === '' ? env.NODE_ENV !== 'production' : parseSwitch('DEMO', env.DEMO),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    remoteUrls: parseRemoteUrls(env.REMOTE_URLS),
    rateLimits: parseSwitch('RATE_LIMITS', env.RATE_LIMITS),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || undefined,
    imagesDir: env.IMAGES_DIR ? path.resolve(env.IMAGES_DIR) : undefined,
    pushSubject: env.PUSH_SUBJECT || 'mailto:push@example.com',
    pushHosts: parsePushHosts(env.PUSH_HOSTS),
    demoMembers: parseCount('DEMO_MEMBERS', env.DEMO_MEMBERS, 3000),
    demoPhotos: parseDemoPhotos(env.DEMO_PHOTOS),
    mollieApiKey: env.MOLLIE_API_KEY || undefined,
    mollieSandboxRenewalMs: parseCount('MOLLIE_SANDBOX_RENEWAL_MS', env.MOLLIE_SANDBOX_RENEWAL_MS, 10_000),
    redisUrl: parseRedisUrl(env.REDIS_URL, env.DATABASE_URL),
    redisPrefix: env.REDIS_PREFIX || 'dating:',
    s3Url: parseS3Env(env.S3_URL),
  };
}
