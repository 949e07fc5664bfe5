import type { FastifyRequest } from 'fastify';
import { REMOTE_NAMES, type OperatorRegistry, type OperatorRemote, type RegistryAction, type RemoteName, type RemoteVersion } from '@dating/shared';
import type { Db } from '../db';
import { HttpError } from '../http/errors';
import { audit } from '../operator/audit';
import type { Canary, Site } from '../site/site';

/** History rows shown per remote. */
const HISTORY = 20;

interface RegistryRow {
  remotes: Site['remotes'];
  canaries: Site['canaries'];
}

interface VersionRow {
  id: string;
  remote: RemoteName;
  url: string;
  role: RemoteVersion['role'];
  action: string;
  percent: number | null;
  operator: string | null;
  created_at: Date;
}

/** The live manifest before `current`: the newest live version of the history that is another one. */
function previousOf(history: VersionRow[], current: string | undefined): string | null {
  return history.find((v) => v.role === 'live' && v.url !== current)?.url ?? null;
}

async function historyOf(db: Db, siteId: number, remote?: RemoteName): Promise<VersionRow[]> {
  const { rows } = await db.query<VersionRow>(
    `SELECT id, remote, url, role, action, percent, operator, created_at FROM (
       SELECT v.*, o.email AS operator, row_number() OVER (PARTITION BY v.remote ORDER BY v.id DESC) AS n
         FROM remote_versions v LEFT JOIN operators o ON o.id = v.operator_id
        WHERE v.site_id = $1 AND ($2::text IS NULL OR v.remote = $2)) h
      WHERE n <= ${HISTORY} ORDER BY id DESC`,
    [siteId, remote ?? null],
  );
  return rows;
}

const rate = (loads: number, failures: number, errors: number) => (loads + failures ? (failures + errors) / (loads + failures) : null);

/** The site's registry as its admins see it (read from the row, never the request cache: an editor sees the last change). */
export async function registryOf(db: Db, siteId: number): Promise<OperatorRegistry> {
  const { rows } = await db.query<RegistryRow>('SELECT remotes, canaries FROM sites WHERE id = $1', [siteId]);
  const { remotes, canaries } = rows[0]!;
  const history = await historyOf(db, siteId);
  const { rows: stats } = await db.query<{ remote: string; url: string; loads: string; load_failures: string; view_errors: string; since: Date }>(
    `WITH since AS (
       SELECT r.remote, CASE WHEN s.canaries ? r.remote THEN date_trunc('hour', (s.canaries -> r.remote ->> 'started_at')::timestamptz)
                             ELSE date_trunc('hour', now() - interval '24 hours') END AS since
         FROM sites s, jsonb_object_keys(s.remotes) AS r(remote) WHERE s.id = $1)
     SELECT since.remote, st.url, since.since, coalesce(sum(st.loads), 0) AS loads, coalesce(sum(st.load_failures), 0) AS load_failures,
            coalesce(sum(st.view_errors), 0) AS view_errors
       FROM since LEFT JOIN remote_version_stats st ON st.site_id = $1 AND st.remote = since.remote AND st.hour >= since.since
      GROUP BY since.remote, st.url, since.since`,
    [siteId],
  );
  const out: OperatorRemote[] = [];
  for (const remote of REMOTE_NAMES) {
    const url = remotes[remote];
    if (!url) continue;
    const canary = canaries[remote] ?? null;
    const own = history.filter((v) => v.remote === remote);
    const mine = stats.filter((s) => s.remote === remote);
    const statsOf = (u: string) => {
      const s = mine.find((x) => x.url === u);
      const [loads, failures, errors] = s ? [Number(s.loads), Number(s.load_failures), Number(s.view_errors)] : [0, 0, 0];
      return { url: u, loads, load_failures: failures, view_errors: errors, error_rate: rate(loads, failures, errors) };
    };
    out.push({
      remote,
      url,
      canary,
      previous: previousOf(own, url),
      stats: canary ? [statsOf(url), statsOf(canary.url)] : [statsOf(url)],
      since: new Date(mine[0]?.since ?? Date.now() - 24 * 3600_000).toISOString(),
      history: own.map((v) => ({
        id: Number(v.id),
        url: v.url,
        role: v.role,
        action: v.action,
        percent: v.percent,
        operator: v.operator,
        created_at: new Date(v.created_at).toISOString(),
      })),
    });
  }
  return { remotes: out };
}

const noCanary = () => new HttpError(409, 'no_canary', 'remote: this remote runs no canary', 'remote');

/**
 * One change of one remote of a site, in the caller's transaction: the sites row (live manifest in
 * `remotes`, canary in `canaries`: every API process's cache drops the site), a history row and an
 * audit entry. Where the history has no live row yet (the seeded manifest), one is written first,
 * so that a rollback can return to it.
 */
export async function applyAction(tx: Db, request: FastifyRequest, siteId: number, a: RegistryAction): Promise<void> {
  if ('url' in a && a.url !== undefined && !/^https?:$/.test(new URL(a.url).protocol)) {
    throw new HttpError(400, 'invalid_input', 'url: a manifest URL must be http or https', 'url');
  }
  const { rows } = await tx.query<RegistryRow>('SELECT remotes, canaries FROM sites WHERE id = $1 FOR UPDATE', [siteId]);
  const { remotes, canaries } = rows[0]!;
  const live = remotes[a.remote];
  const canary: Canary | undefined = canaries[a.remote];
  if (!live) throw new HttpError(400, 'invalid_input', 'remote: the site has no such remote', 'remote');
  const history = await historyOf(tx, siteId, a.remote);
  if (!history.some((v) => v.role === 'live')) {
    await tx.query(`INSERT INTO remote_versions (site_id, remote, url, role, action) VALUES ($1, $2, $3, 'live', 'seed')`, [siteId, a.remote, live]);
  }
  const record = (url: string, role: RemoteVersion['role'], percent: number | null = null) =>
    tx.query(`INSERT INTO remote_versions (site_id, remote, url, role, action, percent, operator_id) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
      siteId,
      a.remote,
      url,
      role,
      a.action,
      percent,
      request.operator?.id ?? null,
    ]);
  const setLive = (url: string) =>
    tx.query(`UPDATE sites SET remotes = jsonb_set(remotes, ARRAY[$2::text], to_jsonb($3::text)), canaries = canaries - $2::text WHERE id = $1`, [siteId, a.remote, url]);
  const before = { url: live, canary: canary ?? null };
  let after: unknown;
  switch (a.action) {
    case 'point':
      await setLive(a.url);
      await record(a.url, 'live');
      after = { url: a.url, canary: null };
      break;
    case 'rollback': {
      const target = a.url ?? previousOf(history, live);
      if (!target) throw new HttpError(409, 'no_earlier_version', 'remote: there is no earlier version to roll back to', 'remote');
      if (a.url && !history.some((v) => v.url === a.url && v.role === 'live')) {
        throw new HttpError(400, 'invalid_input', "url: not a live version of this remote's history", 'url');
      }
      await setLive(target);
      await record(target, 'live');
      after = { url: target, canary: null };
      break;
    }
    case 'canary': {
      if (a.url === live) throw new HttpError(400, 'invalid_input', 'url: this manifest is the live version already', 'url');
      const next: Canary = { url: a.url, percent: a.percent, started_at: canary?.url === a.url ? canary.started_at : new Date().toISOString() };
      await tx.query(`UPDATE sites SET canaries = jsonb_set(canaries, ARRAY[$2::text], $3::jsonb) WHERE id = $1`, [siteId, a.remote, JSON.stringify(next)]);
      await record(a.url, 'canary', a.percent);
      after = { url: live, canary: next };
      break;
    }
    case 'promote':
      if (!canary) throw noCanary();
      await setLive(canary.url);
      await record(canary.url, 'live');
      after = { url: canary.url, canary: null };
      break;
    case 'canary_stop':
      if (!canary) throw noCanary();
      await tx.query(`UPDATE sites SET canaries = canaries - $2::text WHERE id = $1`, [siteId, a.remote]);
      await record(canary.url, 'canary_stopped');
      after = { url: live, canary: null };
      break;
  }
  await audit(tx, request, { action: `registry.${a.action}`, targetType: 'remote', targetId: a.remote, before, after });
}
