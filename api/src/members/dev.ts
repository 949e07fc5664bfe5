import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DevSignupDateRequestSchema, UserResponseSchema } from '@dating/shared';
import { HttpError } from '../http/errors';
import { loadUser } from './member';

/**
 * Development helpers on members (access 'development': 404 in production, like the development
 * mailbox and the Mollie sandbox). Only ever on the caller's own account.
 */
export const devMembersPlugin: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/dev/signup_date.php',
    {
      config: { access: 'development' },
      schema: {
        tags: ['development'],
        summary:
          "Development only (404 in production): sets the logged-in member's own signup date `days_ago` days back, to try what depends on it (webcam tiles after 4 days, the time bonus) with a member of one's own.",
        body: DevSignupDateRequestSchema,
        response: { 200: UserResponseSchema },
      },
    },
    async (request) => {
      const memberId = request.session?.memberId;
      if (memberId === undefined) throw new HttpError(403, 'login_required', 'Log in to use this');
      await app.db.query(`UPDATE members SET signup_date = now() - make_interval(days => $2) WHERE id = $1`, [memberId, request.body.days_ago]);
      return { user: await loadUser(app.db, memberId, request.site) };
    },
  );
};
