import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LikeRequestSchema,
  LikeResponseSchema,
  LikeSeenRequestSchema,
  LikesResponseSchema,
} from '@dating/shared';
import { bodyOrQuery } from '../http/body-or-query';
import { like, likes, listLikes, markLikeSeen, unlike } from './likes';

/** GET/POST/PUT/DELETE /api/likes.php (spec §3, §7); 403 when logged out (spec §8). */
export const likesPlugin: FastifyPluginAsyncZod = async (app) => {
  const member = { access: 'member' } as const;

  app.get(
    '/api/likes.php',
    {
      config: member,
      schema: { tags: ['likes'], summary: 'Profiles I like, and members who like me (new ones first).', response: { 200: LikesResponseSchema } },
    },
    async (request) => listLikes(app.db, request.site, request.memberId),
  );

  app.post(
    '/api/likes.php',
    {
      config: member,
      schema: { tags: ['likes'], summary: 'Like a profile.', body: LikeRequestSchema, response: { 200: LikeResponseSchema } },
    },
    async (request) => {
      const memberId = request.memberId;
      const { profile } = request.body;
      if (await like(app.db, request.site, memberId, profile)) {
        const { rows } = await app.db.query<{ name: string }>('SELECT name FROM members WHERE id = $1', [memberId]);
        void app.pushInBackground(profile, { type: 'like', sender: { id: memberId, name: rows[0]?.name ?? '' } });
      }
      return { liked: true };
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
