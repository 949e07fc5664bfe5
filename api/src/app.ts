import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import type { Config } from './config';
import type { Db } from './db';
import { authPlugin } from './auth/plugin';
import { httpPlugin } from './http/plugin';
import { registryPlugin } from './registry/plugin';
import { sessionPlugin } from './session/plugin';
import { sitePlugin } from './site/plugin';
import './types';

export interface AppOptions {
  db: Db;
  config: Config;
  logger?: FastifyServerOptions['logger'];
}

/** JSON bodies of member calls are small; photo uploads get their own limit on their route. */
const BODY_LIMIT = 64 * 1024;

/** The API, ready to listen or to answer app.inject() in tests. */
export function buildApp({ db, config, logger = false }: AppOptions): FastifyInstance {
  const app = Fastify({
    logger,
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
  });
  app.decorate('db', db);
  app.decorate('config', config);

  app.register(cookie);
  app.register(httpPlugin);
  app.register(sitePlugin);
  app.register(sessionPlugin);
  app.register(registryPlugin);
  app.register(authPlugin);
  return app;
}
