import type { FastifyInstance } from 'fastify';
import { NotificationsReadRequestSchema, NotificationsResponseSchema } from '@dating/shared';
import { parseInput } from '../http/errors';
import { requireMember } from '../session/member';
import { listNotifications, readAll } from './notifications';

/** GET /api/notifications.php (new likes, new messages, account notices); PUT marks them all read. */
export async function notificationsPlugin(app: FastifyInstance) {
  app.get('/api/notifications.php', async (request) => {
    const memberId = requireMember(request);
    return NotificationsResponseSchema.parse({ notifications: await listNotifications(app.db, request.site, memberId) });
  });

  app.put('/api/notifications.php', async (request) => {
    const memberId = requireMember(request);
    parseInput(NotificationsReadRequestSchema, request.body);
    await readAll(app.db, memberId);
    return NotificationsResponseSchema.parse({ notifications: await listNotifications(app.db, request.site, memberId) });
  });
}
