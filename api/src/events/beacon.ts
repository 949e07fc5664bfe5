import type { FastifyInstance } from 'fastify';

/** A beacon says little; anything longer is not one. */
const BEACON_LIMIT = 4096;

/**
 * POST /api/page-hidden.php: the beacon a page sends (navigator.sendBeacon) when it becomes
 * hidden. sendBeacon cannot set headers, so the call is exempt from the CSRF header check; all it
 * does is note when a logged-in member was last seen (members.last_seen_at, never sent out), so a
 * forged one changes nothing that matters. Any content type and body are accepted and not read.
 * Always 204.
 */
export async function beaconPlugin(app: FastifyInstance) {
  // This plugin's own scope: every body is taken as text, whatever its type says.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BEACON_LIMIT }, (_request, body, done) => done(null, body));

  app.post(
    '/api/page-hidden.php',
    {
      config: { access: 'optional', csrf: false },
      bodyLimit: BEACON_LIMIT,
      schema: { tags: ['events'], summary: 'Beacon when the page becomes hidden; always 204.', answers: 'no-content' },
    },
    async (request, reply) => {
      if (request.session) {
        await app.db.query('UPDATE members SET last_seen_at = now() WHERE id = $1', [request.session.memberId]);
      }
      return reply.code(204).send();
    },
  );
}
