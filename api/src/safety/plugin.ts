import type { FastifyInstance } from 'fastify';
import {
  BlockRequestSchema,
  BlockResponseSchema,
  BlocksResponseSchema,
  ReportRequestSchema,
  ReportResponseSchema,
} from '@dating/shared';
import { bodyOrQuery } from '../http/body-or-query';
import { parseInput } from '../http/errors';
import { requireMember } from '../session/member';
import { block, listBlocks, unblock } from './blocks';
import { fileReport } from './reports';

/** POST/DELETE /api/block.php, GET /api/blocks.php, POST /api/report.php: members only. */
export async function safetyPlugin(app: FastifyInstance) {
  app.post('/api/block.php', async (request) => {
    const memberId = requireMember(request);
    const { profile } = parseInput(BlockRequestSchema, request.body);
    await block(app.db, request.site, memberId, profile);
    return BlockResponseSchema.parse({ blocked: true });
  });

  app.delete('/api/block.php', async (request) => {
    const memberId = requireMember(request);
    const { profile } = parseInput(BlockRequestSchema, bodyOrQuery(request));
    await unblock(app.db, memberId, profile);
    return BlockResponseSchema.parse({ blocked: false });
  });

  app.get('/api/blocks.php', async (request) => {
    const memberId = requireMember(request);
    return BlocksResponseSchema.parse({ blocked: await listBlocks(app.db, memberId) });
  });

  app.post('/api/report.php', async (request) => {
    const memberId = requireMember(request);
    const r = parseInput(ReportRequestSchema, request.body);
    await fileReport(app.db, request.site, {
      reporterId: memberId,
      profileId: r.profile,
      messageId: r.message,
      category: r.category,
      text: r.text || undefined,
    });
    return ReportResponseSchema.parse({ reported: true });
  });
}
