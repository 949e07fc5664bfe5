import { randomInt } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CANARY_COOKIE, RemoteRegistrySchema, type RemoteName, type RemoteRegistry } from '@dating/shared';
import { serializeAnswer } from '../cache/cache';
import type { Site } from '../site/site';

// A visitor's registry: the site's live manifests, and a canary's where the visitor's bucket says
// so. Read by remotes.php (./plugin.ts) and the page's start state (src/site/start.ts).

/** A visitor's bucket lives a year: the same visitor stays on the same side of every canary. */
const BUCKET_MAX_AGE_S = 365 * 24 * 3600;

/**
 * The visitor's canary bucket (0–99) while the site runs a canary, else null. A visitor without
 * one gets one now (the cookie is set on this answer): sticky from the first page on.
 */
export function canaryBucket(request: FastifyRequest, reply: FastifyReply, site: Site): number | null {
  if (!Object.keys(site.canaries).length) return null;
  const raw = request.cookies[CANARY_COOKIE];
  if (raw !== undefined && /^\d{1,2}$/.test(raw)) return Number(raw);
  const bucket = randomInt(100);
  reply.setCookie(CANARY_COOKIE, String(bucket), {
    path: '/',
    sameSite: 'lax',
    httpOnly: true,
    secure: request.server.config.production && request.protocol === 'https',
    maxAge: BUCKET_MAX_AGE_S,
  });
  return bucket;
}

/** The registry a visitor in `bucket` loads: the canary's manifest where the bucket is below its percent. */
export function visitorRegistry(site: Site, bucket: number | null): RemoteRegistry {
  if (bucket === null) return { remotes: site.remotes };
  const remotes = { ...site.remotes };
  const versions: NonNullable<RemoteRegistry['versions']> = {};
  for (const [remote, canary] of Object.entries(site.canaries) as Array<[RemoteName, Site['canaries'][RemoteName]]>) {
    if (!canary) continue;
    const side = bucket < canary.percent ? 'canary' : 'live';
    versions[remote] = side;
    if (side === 'canary') remotes[remote] = canary.url;
  }
  return { remotes, versions };
}

/**
 * The request's registry as JSON: one serialized answer per site and side of its canaries (two per
 * canary at most), kept with the site's other answers (src/cache: dropped when the site changes).
 */
export function registryAnswer(request: FastifyRequest, reply: FastifyReply): Buffer {
  const site = request.site;
  const registry = visitorRegistry(site, canaryBucket(request, reply, site));
  const key = `registry:${Object.entries(registry.versions ?? {}).map(([r, s]) => `${r}=${s}`).join(',')}`;
  return request.server.cache.siteAnswer(site, key, () => serializeAnswer(RemoteRegistrySchema, registry));
}

