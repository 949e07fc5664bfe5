import fs from 'node:fs';
import path from 'node:path';
import { buildOpenApi, openApiPath } from '../src/openapi/document';
import { CALLS } from '../src/openapi/calls';
import { registeredRoutes } from '../src/openapi/plugin';
import { startTestApi, type TestApi } from './helpers';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
}, 60_000);
afterAll(() => t.close());

type Doc = {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, unknown>; requestBody?: unknown; parameters?: { name: string }[] }>>;
  components: { schemas: Record<string, unknown> };
};

describe('the API reference (OpenAPI 3.1)', () => {
  it('is served at GET /api/openapi.json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const doc = res.json() as Doc;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc).toEqual(JSON.parse(JSON.stringify(buildOpenApi())));
  });

  it('documents every route the app registers', () => {
    const doc = buildOpenApi() as Doc;
    const routes = registeredRoutes(t.app);
    expect(routes.length).toBeGreaterThan(30);
    const missing = routes
      .filter((r) => !doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()])
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('documents no call the app does not serve', () => {
    const served = CALLS.filter((c) => !t.app.hasRoute({ method: c.method, url: c.path })).map((c) => `${c.method} ${c.path}`);
    expect(served).toEqual([]);
  });

  it('describes requests and answers with the contract schemas, and every $ref resolves', () => {
    const doc = buildOpenApi() as Doc;
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
    expect(written).toEqual(JSON.parse(JSON.stringify(buildOpenApi())));
  });
});
