import type { FastifyInstance } from 'fastify';
import { PresenceQuerySchema, PresenceSchema, PrivacySchema } from '@dating/shared';
import { parseInput } from '../http/errors';
import { requireMember } from '../session/member';
import { getPrivacy, presenceOf, setPrivacy } from './presence';

/** GET /api/presence.php?profile=, GET/PUT /api/privacy.php (hide one's own presence). */
export async function presencePlugin(app: FastifyInstance) {
  app.get('/api/presence.php', async (request) => {
    const memberId = requireMember(request);
    const { profile } = parseInput(PresenceQuerySchema, request.query);
    return PresenceSchema.parse(await presenceOf(app.db, memberId, profile));
  });

  app.get('/api/privacy.php', async (request) => {
    const memberId = requireMember(request);
    return PrivacySchema.parse(await getPrivacy(app.db, memberId));
  });

  app.put('/api/privacy.php', async (request) => {
    const memberId = requireMember(request);
    const { hide_presence } = parseInput(PrivacySchema, request.body);
    return PrivacySchema.parse(await setPrivacy(app.db, memberId, hide_presence));
  });
}
