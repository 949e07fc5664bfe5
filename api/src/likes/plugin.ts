import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LikeCreatedResponseSchema,
  LikeRequestSchema,
  LikeResponseSchema,
  LikeSeenRequestSchema,
  LikesResponseSchema,
} from '@dating/shared';
import { sendJson, serializeAnswer } from '../cache/cache';
import { bodyOrQuery } from '../http/body-or-query';
import { like, likes, listLikes, markLikeSeen, unlike } from './likes';
import { registerMemberHooks } from '../account/lifecycle';
import { likesMemberHooks } from './lifecycle';

/** GET/POST/PUT/DELETE /api/likes.php (spec §3, §7); 403 when logged out (spec §8). */
export const likesPlugin: FastifyPluginAsyncZod = async (app) => {
  registerMemberHooks('likes', likesMemberHooks);
  const member = { access: 'member' } as const;

  app.get(
    '/api/likes.php',
    {
      config: member,
      schema: { tags: ['likes'], summary: 'Profiles I like, and members who like me (new ones first).', response: { 200: LikesResponseSchema } },
    },
    // Polled (spec §9): serialized once and kept until it changes (src/cache).
    async (request, reply) => {
      const { site, memberId } = request;
      const json = await app.cache.memberAnswer('likes', site.id, memberId, async () =>
        serializeAnswer(LikesResponseSchema, await listLikes(app.db, site, memberId)),
      );
      return sendJson(reply, json);
    },
  );

  app.post(
    '/api/likes.php',
    {
      config: member,
      schema: {
        tags: ['likes'],
        summary: 'Like a profile; the answer says whether this like made a match.',
        description: '`match` is true when the liked member already likes the member and this call created the like (liking again is not a new match).',
        body: LikeRequestSchema,
        response: { 200: LikeCreatedResponseSchema },
      },
    },
    async (request) => {
      const memberId = request.memberId;
      const { profile } = request.body;
      const { created, match } = await like(app.db, request.site, memberId, profile);
      if (created) {
        const { rows } = await app.db.query<{ name: string }>('SELECT name FROM members WHERE id = $1', [memberId]);
        void app.pushInBackground(profile, { type: 'like', sender: { id: memberId, name: rows[0]?.name ?? '' } });
      }
      return { liked: true, match };
    },
  );

  app.delete(
    '/api/likes.php',
    {
      config: member,
      // {profile} in the JSON body, or in the query when there is no body.
      preValidation: bodyOrQuery,
      schema: {
        tags: ['likes'],
        summary: 'Unlike a profile.',
        description: '`profile` in the JSON body, or in the query string.',
        body: LikeRequestSchema,
        response: { 200: LikeResponseSchema },
      },
    },
    async (request) => {
      await unlike(app.db, request.memberId, request.body.profile);
      return { liked: false };
    },
  );

  app.put(
    '/api/likes.php',
    {
      config: member,
      schema: { tags: ['likes'], summary: 'Mark a received like seen (like_new false).', body: LikeSeenRequestSchema, response: { 200: LikeResponseSchema } },
    },
    async (request) => {
      const { profile } = request.body;
      await markLikeSeen(app.db, request.memberId, profile);
      return { liked: await likes(app.db, request.memberId, profile) };
    },
  );
};
