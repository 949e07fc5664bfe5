import { migrate, type Db } from '../src/db';
import { readMigrations } from '../src/db/migrate';
import { seed } from '../src/seed';
import { startTestApi, type TestApi } from './helpers';

let t: TestApi;
let db: Db;
beforeAll(async () => {
  t = await startTestApi();
  db = t.db;
}, 60_000);
afterAll(() => t.close());

const count = async (table: string) =>
  (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;

describe('migrations', () => {
  it('are recorded once each, in order', async () => {
    const { rows } = await db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY applied_at, version');
    expect(rows.map((r) => r.version)).toEqual(readMigrations().map((m) => m.version));
  });

  it('apply nothing the second time and leave the schema as it was', async () => {
    const before = await count('schema_migrations');
    expect(await migrate(db)).toEqual([]);
    expect(await migrate(db)).toEqual([]);
    expect(await count('schema_migrations')).toBe(before);
  });
});

describe('seed', () => {
  it('runs again without adding or changing anything', async () => {
    const before = { sites: await count('sites'), hosts: await count('site_hosts'), members: await count('members') };
    await seed(db, t.config);
    expect({ sites: await count('sites'), hosts: await count('site_hosts'), members: await count('members') }).toEqual(before);
  });

  it('has three templates (amora, velvet, the invite-only velvet club), exactly one default, and a demo member with a password', async () => {
    const { rows } = await db.query<{ template_name: string; is_default: boolean }>(
      'SELECT template_name, is_default FROM sites ORDER BY id',
    );
    expect(rows).toEqual([
      { template_name: 'amora', is_default: true },
      { template_name: 'velvet', is_default: false },
      { template_name: 'velvet-club', is_default: false },
    ]);
    const demo = await db.query<{ password_hash: string }>(
      `SELECT password_hash FROM members WHERE email = 'demo@example.com'`,
    );
    expect(demo.rows[0]!.password_hash).toMatch(/^scrypt\$ln=\d+,r=8,p=1\$/);
    expect(await count('members')).toBeGreaterThanOrEqual(20);
  });

  it('adds a remote the registry lacks but keeps URLs an operator changed', async () => {
    await db.query(
      `UPDATE sites SET remotes = (remotes - 'mf_chat') || '{"mf_search":"https://cdn.example.com/search/mf-manifest.json"}'::jsonb`,
    );
    await seed(db, t.config);
    const { rows } = await db.query<{ remotes: Record<string, string> }>(`SELECT remotes FROM sites WHERE template_name = 'amora'`);
    expect(rows[0]!.remotes.mf_chat).toBe('http://localhost:8083/mf-manifest.json');
    expect(rows[0]!.remotes.mf_search).toBe('https://cdn.example.com/search/mf-manifest.json');
  });
});

describe('transactions', () => {
  it('roll back everything when the function throws', async () => {
    const before = await count('site_hosts');
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`INSERT INTO site_hosts (host, site_id) SELECT 'rollback.test', id FROM sites LIMIT 1`);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await count('site_hosts')).toBe(before);
  });

  it('nest as savepoints: an inner failure undoes only the inner work', async () => {
    const before = await count('site_hosts');
    await db.transaction(async (tx) => {
      await tx.query(`INSERT INTO site_hosts (host, site_id) SELECT 'outer.test', id FROM sites LIMIT 1`);
      await expect(
        tx.transaction(async (inner) => {
          await inner.query(`INSERT INTO site_hosts (host, site_id) SELECT 'inner.test', id FROM sites LIMIT 1`);
          throw new Error('inner');
        }),
      ).rejects.toThrow('inner');
    });
    const { rows } = await db.query<{ host: string }>(`SELECT host FROM site_hosts WHERE host LIKE '%.test' ORDER BY host`);
    expect(rows.map((r) => r.host)).toEqual(['outer.test']);
    expect(await count('site_hosts')).toBe(before + 1);
    await db.query(`DELETE FROM site_hosts WHERE host = 'outer.test'`);
  });
});
