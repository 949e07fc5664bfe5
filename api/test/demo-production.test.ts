import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { loadConfig, REPO_ROOT, type Config } from '../src/config';
import { migrate, type Db } from '../src/db';
import { openPglite } from '../src/db/pglite';
import { seed } from '../src/seed';
import { DEMO_EMAIL, DEMO_PASSWORD, PAID_EMAIL } from '../src/seed/members';
import { browser, failure } from './helpers';

/** A fresh database seeded as an API started with `env` would seed it. */
async function seededAs(env: NodeJS.ProcessEnv): Promise<{ db: Db; config: Config; close(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dating-api-demo-'));
  const db = await openPglite(dir);
  await migrate(db);
  const config: Config = { ...loadConfig(env), dataDir: dir, rateLimits: false };
  await seed(db, config);
  return {
    db,
    config,
    close: async () => {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const count = async (db: Db, sql: string, params: unknown[] = []) => (await db.query<{ n: number }>(sql, params)).rows[0]!.n;

describe('demo data and production', () => {
  it('demo data is on in development and off in production unless DEMO=on', () => {
    expect(loadConfig({}).demo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).demo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).demo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO: 'on' }).demo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', DEMO: 'off' }).demo).toBe(false);
    expect(() => loadConfig({ DEMO: 'maybe' })).toThrow(/DEMO/);
  });

  it('DEMO_PHOTOS: all by default, the first pages only, or none; anything else is refused by name', () => {
    expect(loadConfig({}).demoPhotos).toBe('all');
    expect(loadConfig({ DEMO_PHOTOS: 'on' }).demoPhotos).toBe('all');
    expect(loadConfig({ DEMO_PHOTOS: 'first' }).demoPhotos).toBe('first');
    expect(loadConfig({ DEMO_PHOTOS: 'off' }).demoPhotos).toBe('none');
    expect(() => loadConfig({ DEMO_PHOTOS: 'some' })).toThrow('DEMO_PHOTOS must be on, first or off, not some');
  });

  it('a production database gets the sites but no member, so no known-password account', async () => {
    const prod = await seededAs({ NODE_ENV: 'production' });
    try {
      expect(await count(prod.db, 'SELECT count(*)::int AS n FROM sites')).toBeGreaterThan(0);
      expect(await count(prod.db, 'SELECT count(*)::int AS n FROM members')).toBe(0);
      const app = buildApp({ db: prod.db, config: prod.config });
      await app.ready();
      const b = browser(app);
      await b.visit();
      const err = await failure(b.api.login({ email: DEMO_EMAIL, password: DEMO_PASSWORD }));
      expect(err.status).toBe(401);
      await app.close();
    } finally {
      await prod.close();
    }
  }, 60_000);

  it('DEMO=on in production seeds the demo members, but the demo logins have no known password', async () => {
    const prod = await seededAs({ NODE_ENV: 'production', DEMO: 'on' });
    try {
      expect(await count(prod.db, 'SELECT count(*)::int AS n FROM members')).toBeGreaterThanOrEqual(20);
      expect(await count(prod.db, 'SELECT count(*)::int AS n FROM members WHERE password_hash IS NOT NULL')).toBe(0);
      const app = buildApp({ db: prod.db, config: prod.config });
      await app.ready();
      for (const email of [DEMO_EMAIL, PAID_EMAIL]) {
        const b = browser(app);
        await b.visit();
        const err = await failure(b.api.login({ email, password: DEMO_PASSWORD }));
        expect([email, err.status]).toEqual([email, 401]);
      }
      await app.close();
    } finally {
      await prod.close();
    }
  }, 60_000);

  it('production code never imports faker (a development dependency)', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'api', 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    expect(pkg.dependencies['@faker-js/faker']).toBeUndefined();
    expect(pkg.devDependencies['@faker-js/faker']).toBeDefined();
    // Every module main.ts loads statically (import … from, export … from; not `import type`, not
    // the lazy `await import('./seed/demo')` taken only when demo data is on).
    const seen = new Set<string>();
    const offenders: string[] = [];
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const src = fs.readFileSync(file, 'utf8');
      for (const m of src.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)) {
        const spec = m[1]!;
        if (spec.startsWith('@faker-js/')) offenders.push(path.relative(REPO_ROOT, file));
        if (!spec.startsWith('.')) continue;
        const base = path.resolve(path.dirname(file), spec);
        const target = [`${base}.ts`, path.join(base, 'index.ts')].find((f) => fs.existsSync(f));
        if (target) visit(target);
      }
    };
    visit(path.join(REPO_ROOT, 'api', 'src', 'main.ts'));
    expect(seen.size).toBeGreaterThan(50);
    expect(seen.has(path.join(REPO_ROOT, 'api', 'src', 'seed', 'demo.ts'))).toBe(false);
    expect(offenders).toEqual([]);
  });
});
