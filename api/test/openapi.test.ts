import fs from 'node:fs';
import path from 'node:path';
import { buildOpenApi, callsOf, openApiPath } from '../src/openapi/document';
import { registeredRoutes } from '../src/openapi/plugin';
import { startTestApi, type TestApi } from './helpers';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
}, 60_000);
afterAll(() => t.close());

type Doc = {
  openapi: string;
  paths: Record<
    string,
    Record<string, { responses: Record<string, unknown>; requestBody?: unknown; parameters?: { name: string }[]; security?: unknown[]; description?: string }>
  >;
  components: { schemas: Record<string, unknown> };
};

const generated = () => JSON.parse(JSON.stringify(buildOpenApi(registeredRoutes(t.app)))) as Doc;

describe('the API reference (OpenAPI 3.1), generated from the routes', () => {
  it('is served at GET /api/openapi.json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const doc = res.json() as Doc;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc).toEqual(generated());
  });

  it('documents every route the app registers, with its declared access', () => {
    const doc = generated();
    const routes = registeredRoutes(t.app);
    expect(routes.length).toBeGreaterThan(30);
    const missing = routes
      .filter((r) => !doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()])
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    // Member calls say so (session security, 403); calls open to all do not.
    expect(doc.paths['/api/likes.php']!.get!.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/likes.php']!.get!.responses['403']).toBeDefined();
    expect(doc.paths['/api/remotes.php']!.get!.security).toBeUndefined();
    expect(doc.paths['/api/admin/remotes.php']!.put!.security).toEqual([{ operator: [] }]);
  });

  it('has one operation per method and path, the query-selected variants in it', () => {
    const calls = callsOf(registeredRoutes(t.app));
    const keys = calls.map((c) => `${c.method} ${c.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    const user = calls.find((c) => c.method === 'POST' && c.path === '/api/user.php')!;
    expect(user.variants.map((v) => v.when)).toEqual(['?new=', '?push=', 'without ?new or ?push']);
    const doc = generated();
    expect(doc.paths['/api/user.php']!.post!.description).toContain('**?push=**: Add a Web Push subscription');
  });

  it('describes requests and answers with the contract schemas, and every $ref resolves', () => {
    const doc = generated();
    const signup = doc.paths['/api/user.php']!.post!;
    expect(JSON.stringify(signup.requestBody)).toContain('#/components/schemas/SignupRequest');
    expect(JSON.stringify(signup.requestBody)).toContain('#/components/schemas/PushSubscription');
    expect(JSON.stringify(signup.responses['200'])).toContain('#/components/schemas/SignupResponse');
    expect(Object.keys(signup.responses)).toEqual(expect.arrayContaining(['200', '400', '403', '429']));
    expect(doc.paths['/api/search.php']!.get!.parameters!.map((p) => p.name)).toEqual(
      expect.arrayContaining(['gender', 'country', 'countryregion', 'min_age', 'max_age', 'page']),
    );
    expect(doc.paths['/api/images/{name}']!.get).toBeDefined();
    expect(doc.components.schemas.SignupRequest).toMatchObject({ type: 'object', required: expect.arrayContaining(['email', 'name', 'password']) });

    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(40);
    expect(refs.filter((r) => !(r in doc.components.schemas))).toEqual([]);
  });

  it('is written to api/openapi.json as generated (npx tsx api/scripts/openapi.ts)', () => {
    const file = path.resolve(__dirname, '..', 'openapi.json');
    const written = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(written).toEqual(generated());
  });
});
