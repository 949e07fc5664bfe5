import type { FastifyRequest } from 'fastify';
import { ORIGINAL_HOST_HEADER } from '@dating/shared';
import { normalizeHost, type Site } from '../site/site';

/**
 * scheme://host[:port] for links in mails: the host the member's browser used (original host),
 * but only when it is one of the site's registered hosts. Anyone can send any Host header; taking
 * it blindly would let a stranger have a password-reset link point at their own server. `site`: the
 * site the mail is about when it is not the request's (an operator acting on a site).
 */
export async function siteOrigin(request: FastifyRequest, site: Pick<Site, 'id'> = request.site): Promise<string> {
  const { rows } = await request.server.db.query<{ host: string }>(
    `SELECT host FROM site_hosts WHERE site_id = $1
      ORDER BY (host ~ '^[0-9.:]+$') , length(host), host`,
    [site.id],
  );
  const hosts = rows.map((r) => r.host);
  const scheme = request.protocol === 'https' ? 'https' : 'http';
  const h = request.headers;
  for (const raw of [h[ORIGINAL_HOST_HEADER], h['x-forwarded-host'], h.host]) {
    const value = (Array.isArray(raw) ? raw[0] : raw)?.split(',')[0]?.trim();
    const name = normalizeHost(value);
    if (!value || !name) continue;
    if (!hosts.includes(name)) break;
    const port = /^(?:\[[^\]]*\]|[^:]*):(\d{1,5})$/.exec(value)?.[1];
    const host = name.includes(':') ? `[${name}]` : name;
    return `${scheme}://${host}${port ? `:${port}` : ''}`;
  }
  const fallback = hosts[0] ?? 'localhost';
  return `${scheme}://${fallback.includes(':') ? `[${fallback}]` : fallback}`;
}
