import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db';
import { authPlugin } from './auth/plugin';
import { validatorCompiler } from './http/errors';
import { httpPlugin } from './http/plugin';
import { requestLoggingPlugin } from './http/logging';
import { queryVariant } from './http/variants';
import { rateLimitPlugin } from './http/ratelimit';
import { cachePlugin } from './cache/plugin';
import { registryPlugin } from './registry/plugin';
import { startPlugin } from './site/start';
import { siteOperatorPlugin } from './site/operator';
import { accessPlugin } from './session/access';
import { sessionPlugin } from './session/plugin';
import { sessionsPlugin } from './session/devices';
import { sitePlugin } from './site/plugin';
import { chatsPlugin } from './chats/plugin';
import { beaconPlugin } from './events/beacon';
import { eventsPlugin } from './events/plugin';
import { likesPlugin } from './likes/plugin';
import { messagesPlugin } from './messages/plugin';
import { presencePlugin } from './presence/plugin';
import { safetyPlugin } from './safety/plugin';
import { notificationsPlugin } from './notifications/plugin';
import { partnersPlugin } from './partners/plugin';
import { pushPlugin } from './push/plugin';
import { searchPlugin } from './search/plugin';
import { accountPlugin } from './account/plugin';
import { exportPlugin } from './account/export';
import { catalogPlugin } from './catalog/plugin';
import { commercePlugin } from './commerce/plugin';
import { geocodePlugin } from './geocode/plugin';
import { imagesPlugin } from './images/plugin';
import { mailPlugin } from './mail/plugin';
import { openapiPlugin, recordRoutes } from './openapi/plugin';
import { signupPlugin } from './signup/plugin';
import { webManifestPlugin } from './webmanifest/plugin';
import { contentPlugin } from './content/plugin';
import { campaignOperatorPlugin } from './content/operator';
import { devMembersPlugin } from './members/dev';
import { complaintsPlugin } from './complaints/plugin';
import { deskPlugin } from './desk/plugin';
import { pricesPlugin } from './prices/plugin';
import { operatorPlugin } from './operator/plugin';
import { operatorHostPlugin } from './operator/access';
import { auditPlugin } from './operator/audit-plugin';
import { moderationPlugin } from './moderation/plugin';
import { siteRunPlugin } from './siterun/plugin';
import { dashboardsPlugin } from './dashboards/plugin';
import './types';

export interface AppOptions {
  db: Db;
  config: Config;
  logger?: FastifyServerOptions['logger'];
  /** The rate limits' clock (ms); tests pass one they control. Default Date.now. */
  now?: () => number;
}

/** JSON bodies of member calls are small; photo uploads get their own limit on their route. */
const BODY_LIMIT = 64 * 1024;

/** The API, ready to listen or to answer app.inject() in tests. */
export function buildApp({ db, config, logger = false, now }: AppOptions): FastifyInstance {
  const app = Fastify({
    logger,
    // Production logs failures and slow requests only (src/http/logging.ts), not every request.
    logController: new LogController({ disableRequestLogging: config.production }),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // POST /api/user.php?new=1 and ?push=1 are two routes: the query key selects (src/http/variants.ts).
    routerOptions: { constraints: { query: queryVariant } },
  });
  // Routes declare zod schemas (schema: { body, querystring, params, response }) through the type
  // provider of fastify-type-provider-zod: input is parsed by parseInput (the ErrorResponse 400 naming
  // the field), answers are checked and serialized with their zod schema.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);
  app.decorate('config', config);
  // Every route registered below is recorded, so the API reference can be checked against them.
  recordRoutes(app);

  app.register(cookie);
  app.register(httpPlugin);
  app.register(requestLoggingPlugin);
  // Before any route: routes take their limits from it (src/http/ratelimit.ts; RATE_LIMITS=off disables).
  app.register(rateLimitPlugin, { now });
  // Sites, sessions and polled answers, kept right through LISTEN cache_changes (src/cache).
  app.register(cachePlugin);
  app.register(sitePlugin);
  // Where the operator API answers at all (OPERATOR_HOSTS; src/operator/access.ts), before CSRF.
  app.register(operatorHostPlugin);
  app.register(sessionPlugin);
  // Before any route: each route's config.access is enforced by its one hook (src/session/access.ts).
  app.register(accessPlugin);
  app.register(registryPlugin);
  app.register(authPlugin);
  app.register(startPlugin);
  app.register(sessionsPlugin);

  // member social features (search, likes, chats, messages, events, push)
  app.register(pushPlugin);
  app.register(eventsPlugin);
  app.register(searchPlugin);
  app.register(likesPlugin);
  app.register(chatsPlugin);
  app.register(messagesPlugin);
  app.register(presencePlugin);
  app.register(safetyPlugin);
  app.register(notificationsPlugin);
  app.register(partnersPlugin);
  app.register(beaconPlugin);

  // member account features (signup, mail, photos, geocode, reference)
  app.register(signupPlugin);
  app.register(accountPlugin);
  app.register(exportPlugin);
  app.register(imagesPlugin);
  app.register(mailPlugin);
  app.register(catalogPlugin);
  // credits, payments (Mollie or its local sandbox), premium
  app.register(commercePlugin);
  app.register(geocodePlugin);
  // acquisition and content (landers' campaigns, complaints)
  app.register(contentPlugin);
  app.register(campaignOperatorPlugin);
  // development only (404 in production): a member's own signup date, for trying the 4-day rules
  app.register(devMembersPlugin);
  app.register(complaintsPlugin);
  // the back office: operator accounts and sessions, the audit log (src/operator)
  app.register(operatorPlugin);
  app.register(auditPlugin);
  // the moderation queue of new photos and texts (src/moderation)
  app.register(moderationPlugin);
  // the operators' desks: reports and complaints, members, payments
  app.register(deskPlugin);
  app.register(pricesPlugin);
  // the site's settings, flags and company; its remote versions and canaries are src/registry's
  app.register(siteOperatorPlugin);
  // profiles the site runs: their profiles, the console answering them, members' protection
  app.register(siteRunPlugin);
  // the dashboards: funnel, revenue, credits, messages, moderation (and the visits they count)
  app.register(dashboardsPlugin);
  app.register(openapiPlugin);
  // shell: web manifest (/manifest.webmanifest is forwarded here) and the site's icons
  app.register(webManifestPlugin);
  return app;
}
