import type { FastifyInstance } from 'fastify';
import {
  LikeRequestSchema,
  LikeResponseSchema,
  LikeSeenRequestSchema,
  LikesResponseSchema,
} from '@dating/shared';
import { bodyOrQuery } from '../http/body-or-query';
import { parseInput } from '../http/errors';
import { pushInBackground } from '../push/plugin';
import { requireMember } from '../session/member';
import { like, likes, listLikes, markLikeSeen, unlike } from './likes';

/** GET/POST/PUT/DELETE /api/likes.php (spec §3, §7); 403 when logged out (spec §8). */
export async function likesPlugin(app: FastifyInstance) {
  app.get('/api/likes.php', async (request) => {
    const memberId = requireMember(request);
    return LikesResponseSchema.parse(await listLikes(app.db, request.site, memberId));
  });

  app.post('/api/likes.php', async (request) => {
    const memberId = requireMember(request);
    const { profile } = parseInput(LikeRequestSchema, request.body);
    if (await like(app.db, request.site, memberId, profile)) {
      const { rows } = await app.db.query<{ name: string }>('SELECT name FROM members WHERE id = $1', [memberId]);
      void pushInBackground(app, profile, { type: 'like', sender: { id: memberId, name: rows[0]?.name ?? '' } });
    }
    return LikeResponseSchema.parse({ liked: true });
  });

  app.delete('/api/likes.php', async (request) => {
    const memberId = requireMember(request);
    const { profile } = parseInput(LikeRequestSchema, bodyOrQuery(request));
    await unlike(app.db, memberId, profile);
    return LikeResponseSchema.parse({ liked: false });
  });

  app.put('/api/likes.php', async (request) => {
    const memberId = requireMember(request);
    const { profile } = parseInput(LikeSeenRequestSchema, request.body);
    await markLikeSeen(app.db, memberId, profile);
    return LikeResponseSchema.parse({ liked: await likes(app.db, memberId, profile) });
  });
}
