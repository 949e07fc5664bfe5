import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PresenceQuerySchema, PresenceSchema, PrivacySchema } from '@dating/shared';
import { getPrivacy, presenceOf, setPrivacy } from './presence';

/** GET /api/presence.php?profile=, GET/PUT /api/privacy.php (hide one's own presence). */
export const presencePlugin: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/presence.php',
    {
      config: { access: 'member' },
      schema: {
        tags: ['chats'],
        summary: 'Online now / last seen of a member one has a conversation with, city level; hidden when they hide it.',
        querystring: PresenceQuerySchema,
        response: { 200: PresenceSchema },
      },
    },
    async (request) => presenceOf(app.db, request.memberId, request.query.profile),
  );

  app.get(
    '/api/privacy.php',
    { config: { access: 'member' }, schema: { tags: ['account'], summary: "The member's presence setting.", response: { 200: PrivacySchema } } },
    async (request) => getPrivacy(app.db, request.memberId),
  );

  app.put(
    '/api/privacy.php',
    {
      config: { access: 'member' },
      schema: { tags: ['account'], summary: "Hide or show one's presence (online now / last seen).", body: PrivacySchema, response: { 200: PrivacySchema } },
    },
    async (request) => setPrivacy(app.db, request.memberId, request.body.hide_presence),
  );
};
