import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotificationsReadRequestSchema, NotificationsResponseSchema } from '@dating/shared';
import { listNotifications, readAll } from './notifications';

/** GET /api/notifications.php (new likes, new messages, account notices); PUT marks them all read. */
export const notificationsPlugin: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/notifications.php',
    {
      config: { access: 'member' },
      schema: { tags: ['notifications'], summary: 'Notifications, newest first.', response: { 200: NotificationsResponseSchema } },
    },
    async (request) => ({ notifications: await listNotifications(app.db, request.site, request.memberId) }),
  );

  app.put(
    '/api/notifications.php',
    {
      config: { access: 'member' },
      schema: {
        tags: ['notifications'],
        summary: 'Mark every notification read; answers the list.',
        body: NotificationsReadRequestSchema,
        response: { 200: NotificationsResponseSchema },
      },
    },
    async (request) => {
      await readAll(app.db, request.memberId);
      return { notifications: await listNotifications(app.db, request.site, request.memberId) };
    },
  );
};
