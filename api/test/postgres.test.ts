import { CSRF_COOKIE } from '@dating/shared';
import { migrate } from '../src/db';
import { openPostgres } from '../src/db/postgres';
import { browser, startTestApi, type TestApi } from './helpers';

/**
 * The same SQL on a PostgreSQL server. Runs when TEST_DATABASE_URL names a database that may be
 * wiped, e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/dating_test
 */
const url = process.env.TEST_DATABASE_URL;

(url ? describe : describe.skip)('on a PostgreSQL server (TEST_DATABASE_URL)', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi(async () => {
      const db = await openPostgres(url!);
      await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
      return db;
    });
  }, 60_000);
  afterAll(() => t?.close());

  it('migrations apply twice idempotently', async () => {
    expect(await migrate(t.db)).toEqual([]);
  });

  it('the demo member logs in and out through the pg pool', async () => {
    const b = browser(t.app);
    await b.visit();
    expect(b.jar.get(CSRF_COOKIE)).toBeDefined();
    const { user } = await b.api.login({ email: 'demo@example.com', password: 'demo1234' });
    expect(user.profile).toMatchObject({ name: 'Demo', date_of_birth: '1994-06-15' });
    expect(typeof user.profile.age).toBe('number');
    expect((await b.api.getUser()).user?.email).toBe('demo@example.com');
    expect(await b.api.logout()).toBe('done');
    expect((await b.api.getUser()).user).toBeNull();
  });

  it('two hosts get two templates', async () => {
    expect((await browser(t.app, 'velvet.localhost').api.getSettings()).flags.templateName).toBe('velvet');
    expect((await browser(t.app, 'unknown.example').api.getSettings()).flags.templateName).toBe('amora');
  });

  it('nested transactions roll back to their savepoint', async () => {
    await t.db.transaction(async (tx) => {
      await expect(
        tx.transaction(async (inner) => {
          await inner.query(`INSERT INTO site_hosts (host, site_id) SELECT 'inner.test', id FROM sites LIMIT 1`);
          throw new Error('inner');
        }),
      ).rejects.toThrow('inner');
    });
    expect((await t.db.query(`SELECT 1 FROM site_hosts WHERE host = 'inner.test'`)).rows).toHaveLength(0);
  });
});
