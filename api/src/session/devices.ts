import Bowser from 'bowser';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SessionEndResponseSchema, SessionEndSchema, SessionsResponseSchema, type MemberSession } from '@dating/shared';
import { HttpError } from '../http/errors';
import { endSession } from './login';

/** "Firefox" and "Windows" from a User-Agent (bowser: the browsers' own tokens change too often to parse by hand). */
export function describeUserAgent(userAgent: string): { browser: string; os: string } {
  if (!userAgent) return { browser: '', os: '' };
  const parsed = Bowser.parse(userAgent);
  return { browser: parsed.browser.name ?? '', os: parsed.os.name ?? '' };
}

/**
 * The member's sessions (devices where they are logged in), listed on /profile, and logging one or
 * all others out. Only the member's own sessions are seen or ended: another
 * member's session id answers 404 like an unknown one.
 */
export const sessionsPlugin: FastifyPluginAsyncZod = async (app) => {
  // Ended sessions are forgotten by this process's cache at once; other processes hear it from the
  // database (migration 0070's trigger on sessions).
  const forget = (rows: { token_hash: string }[]) => {
    for (const r of rows) app.cache.apply(`x:${r.token_hash}`);
  };

  app.get(
    '/api/sessions.php',
    {
      config: { access: 'member' },
      schema: {
        tags: ['auth'],
        summary: "The member's open sessions (browser, system, since when), this device first.",
        response: { 200: SessionsResponseSchema },
      },
    },
    async (request) => {
      const { rows } = await app.db.query<{ id: string | number; user_agent: string; created_at: Date; token_hash: string }>(
        `SELECT id, user_agent, created_at, token_hash FROM sessions
          WHERE member_id = $1 AND site_id = $2 AND expires_at > now()
          ORDER BY created_at DESC, id DESC`,
        [request.memberId, request.site.id],
      );
      const sessions: MemberSession[] = rows.map((r) => ({
        id: Number(r.id),
        ...describeUserAgent(r.user_agent),
        created_at: new Date(r.created_at).toISOString(),
        current: r.token_hash === request.session?.tokenHash,
      }));
      return { sessions: [...sessions.filter((s) => s.current), ...sessions.filter((s) => !s.current)] };
    },
  );

  app.delete(
    '/api/sessions.php',
    {
      config: { access: 'member' },
      schema: {
        tags: ['auth'],
        summary: 'Log one session out ({ id }), or every session but this one ({ others: true }); answers how many ended.',
        body: SessionEndSchema,
        response: { 200: SessionEndResponseSchema },
      },
    },
    async (request, reply) => {
      const { id, others } = request.body;
      const current = request.session!.tokenHash;
      if (others) {
        const { rows } = await app.db.query<{ token_hash: string }>(
          'DELETE FROM sessions WHERE member_id = $1 AND token_hash <> $2 RETURNING token_hash',
          [request.memberId, current],
        );
        forget(rows);
        return { ended: rows.length };
      }
      const { rows } = await app.db.query<{ token_hash: string }>(
        'DELETE FROM sessions WHERE member_id = $1 AND id = $2 RETURNING token_hash',
        [request.memberId, id],
      );
      if (!rows.length) throw new HttpError(404, 'not_found', 'id: no such session', 'id');
      forget(rows);
      // This device's own session: logged out like logout.php (cookie cleared, CSRF renewed).
      if (rows[0]!.token_hash === current) await endSession(request, reply);
      return { ended: 1 };
    },
  );
};
