import path from 'node:path';
import { z } from 'zod';
import { REMOTE_NAMES, type RemoteName } from '@dating/shared';

/** Everything the API reads from the environment, read once at start-up. */
export interface Config {
  port: number;
  host: string;
  /** Folder of the embedded PGlite database (ignored when databaseUrl is set). */
  dataDir: string;
  /** A PostgreSQL server to use instead of PGlite. */
  databaseUrl?: string;
  /** Operator bearer token for /api/admin/*; admin calls answer 403 when unset. */
  adminToken?: string;
  production: boolean;
  /** Which proxies may set x-forwarded-* (Fastify `trustProxy`). */
  trustProxy: boolean | string[];
  /** Manifest URL per remote, used when seeding a site's remote registry. */
  remoteUrls: Record<RemoteName, string>;
}

export const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** The default registry: every remote on its own port of localhost, 8081 to 8086. */
export const DEFAULT_REMOTE_URLS = Object.fromEntries(
  REMOTE_NAMES.map((name, i) => [name, `http://localhost:${8081 + i}/mf-manifest.json`]),
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

/** 'true', 'false', or a comma-separated list of addresses, CIDR ranges or names like 'loopback'. */
function parseTrustProxy(raw: string | undefined): boolean | string[] {
  if (raw === undefined || raw === '') return ['loopback'];
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  return raw.split(',').map((s) => s.trim()).filter(Boolean);
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
    adminToken: env.ADMIN_TOKEN || undefined,
    production: env.NODE_ENV === 'production',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    remoteUrls: parseRemoteUrls(env.REMOTE_URLS),
  };
}
