import { buildApp } from './app';
import { loadConfig } from './config';
import { migrate, openDb } from './db';
import { seed } from './seed';
import { useImageStore } from './images/store';
import { configuredImageStore } from './images/configured';
import { startMailSender } from './mail/sender';
import { startWebpBackfill } from './images/backfill';
import { productionLogger } from './http/logging';

/** Photos generated before the server listens: the first search pages; the rest follow in the background. */
const DEMO_PHOTOS_FIRST = 48;

async function main() {
  const config = loadConfig();
  const db = await openDb(config, (err) => console.error('database pool error', err));
  const applied = await migrate(db);
  const images = await configuredImageStore(config);
  useImageStore(images); // before seeding: demo members get photos
  await seed(db, config);
  // Generated demo members only when demo data is on; loaded lazily, so that production never loads
  // faker (a development dependency: DEMO=on in production needs the development dependencies).
  const demoSeed = config.demo ? await import('./seed/demo') : null;
  const demo = demoSeed ? await demoSeed.seedDemo(db, { members: config.demoMembers }) : { seeded: false, members: 0, ms: 0 };
  const firstPhotos = demoSeed && config.demoPhotos !== 'none' ? await demoSeed.seedDemoPhotos(db, { limit: DEMO_PHOTOS_FIRST }) : null;

  const app = buildApp({ db, config, logger: productionLogger() });
  if (demo.seeded) app.log.info({ members: demo.members, ms: demo.ms }, 'demo members seeded');
  if (firstPhotos?.photos) app.log.info(firstPhotos, 'demo photos (first pages)');
  app.log.info(config.databaseUrl ? 'database: PostgreSQL (DATABASE_URL)' : `database: PGlite in ${config.dataDir}`);
  app.log.info(config.redisUrl ? 'live events, cache changes, rate limits: Redis (REDIS_URL)' : 'live events and cache changes: LISTEN/NOTIFY');
  app.log.info(config.s3Url ? `photos: S3-compatible storage (S3_URL${config.s3Url === 'sandbox' ? '=sandbox, local endpoint' : ''})` : 'photos: files');
  if (applied.length) app.log.info({ applied }, 'migrations applied');
  if (config.production && config.demo) app.log.warn('DEMO=on in production: demo members are seeded (the demo logins have no password)');
  if (config.production && config.operatorHosts?.length === 0) app.log.warn('OPERATOR_HOSTS is not set: the operator API answers nowhere');
  // The outbox sender: SMTP when SMTP_URL is set, else the development mailbox (GET /api/dev/mailbox).
  const mailSender = startMailSender(db, config, app.log);
  if (config.smtpUrl) app.log.info('mail: SMTP (SMTP_URL)');
  else if (config.production) app.log.warn('mail: no SMTP_URL in production: mails are marked delivered but nobody gets them');
  else app.log.info('mail: development mailbox at /api/dev/mailbox');
  // Photos stored before WebP was made get it, a few at a time (src/images/backfill.ts).
  const webpBackfill = startWebpBackfill(db, images, app.log);

  let stopping = false;
  const photosStop = new AbortController();
  let photos: Promise<unknown> = Promise.resolve();
  const stop = async (signal: string) => {
    if (stopping) process.exit(1); // a second signal: stop waiting
    stopping = true;
    app.log.info({ signal }, 'stopping');
    try {
      photosStop.abort();
      await photos;
      await mailSender.stop();
      await webpBackfill.stop();
      await app.close();
      await db.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'unclean stop');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  if (demoSeed && config.demoPhotos === 'all') {
    // The remaining demo photos (≈57 ms and ≈80 ms of CPU each), while the site already answers; resumed at the next start.
    photos = demoSeed.seedDemoPhotos(db, { signal: photosStop.signal, concurrency: 1 })
      .then((r) => r.photos && app.log.info(r, 'demo photos (all)'))
      .catch((err: unknown) => app.log.error({ err }, 'demo photos failed'));
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
