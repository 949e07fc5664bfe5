import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BlockRequestSchema,
  BlockResponseSchema,
  BlocksResponseSchema,
  ReportRequestSchema,
  ReportResponseSchema,
} from '@dating/shared';
import { bodyOrQuery } from '../http/body-or-query';
import { block, listBlocks, unblock } from './blocks';
import { fileReport } from './reports';

/** POST/DELETE /api/block.php, GET /api/blocks.php, POST /api/report.php: members only. */
export const safetyPlugin: FastifyPluginAsyncZod = async (app) => {
  const member = { access: 'member' } as const;

  app.post(
    '/api/block.php',
    { config: member, schema: { tags: ['chats'], summary: 'Block a member: neither sees the other in search, likes, chats, notifications; no messages either way (403).', body: BlockRequestSchema, response: { 200: BlockResponseSchema } } },
    async (request) => {
      await block(app.db, request.site, request.memberId, request.body.profile);
      return { blocked: true as const };
    },
  );

  app.delete(
    '/api/block.php',
    {
      config: member,
      // {profile} in the JSON body, or in the query when there is no body.
      preValidation: bodyOrQuery,
      schema: {
        tags: ['chats'],
        summary: "Lift one's own block of a member.",
        description: '`profile` in the JSON body, or in the query string.',
        body: BlockRequestSchema,
        response: { 200: BlockResponseSchema },
      },
    },
    async (request) => {
      await unblock(app.db, request.memberId, request.body.profile);
      return { blocked: false as const };
    },
  );

  app.get(
    '/api/blocks.php',
    { config: member, schema: { tags: ['chats'], summary: 'Members the member blocked.', response: { 200: BlocksResponseSchema } } },
    async (request) => ({ blocked: await listBlocks(app.db, request.memberId) }),
  );

  app.post(
    '/api/report.php',
    {
      config: member,
      schema: { tags: ['chats'], summary: "Report a member or one of their messages: stored for the operator and mailed to the site's support address.", body: ReportRequestSchema, response: { 200: ReportResponseSchema } },
    },
    async (request) => {
      const r = request.body;
      await fileReport(app.db, request.site, {
        reporterId: request.memberId,
        profileId: r.profile,
        messageId: r.message,
        category: r.category,
        text: r.text || undefined,
      });
      return { reported: true as const };
    },
  );
};
