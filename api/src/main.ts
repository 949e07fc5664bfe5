import { buildApp } from './app';
import { loadConfig } from './config';
import { migrate, openDb } from './db';
import { seed } from './seed';

async function main() {
  const config = loadConfig();
  const db = await openDb(config, (err) => console.error('database pool error', err));
  const applied = await migrate(db);
  await seed(db, config);

  const app = buildApp({ db, config, logger: { level: process.env.LOG_LEVEL || 'info' } });
  app.log.info(config.databaseUrl ? 'database: PostgreSQL (DATABASE_URL)' : `database: PGlite in ${config.dataDir}`);
  if (applied.length) app.log.info({ applied }, 'migrations applied');
  if (!config.adminToken) app.log.warn('ADMIN_TOKEN is not set: admin calls answer 403');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) process.exit(1); // a second signal: stop waiting
    stopping = true;
    app.log.info({ signal }, 'stopping');
    try {
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
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
