// Property-based fuzz (fast-check): over ten thousand random bodies and queries to every call the
// app registers, as a visitor and as a logged-in member. Bad input may be refused in any 4xx way,
// never with a 5xx. The count is printed (the closing figure of a security review: 0 × 5xx in
// at least 10,000 requests).
import fc from 'fast-check';
import { CSRF_COOKIE } from '@dating/shared';
import { registeredRoutes } from '../src/openapi/plugin';
import { browser, DEV_OPERATOR, startTestApi, type TestApi } from './helpers';

let t: TestApi;
let member: { cookie: string; csrf: string };
let visitor: { cookie: string; csrf: string };
/** A member who is also logged in to the back office (both session cookies): every call's checks pass. */
let both: { cookie: string; csrf: string };

beforeAll(async () => {
  t = await startTestApi();
  const m = browser(t.app);
  await m.visit();
  await m.api.login({ email: 'demo@example.com', password: 'demo1234' });
  member = { cookie: m.jar.header()!, csrf: m.jar.get(CSRF_COOKIE)! };
  const v = browser(t.app);
  await v.visit();
  visitor = { cookie: v.jar.header()!, csrf: v.jar.get(CSRF_COOKIE)! };
  const o = browser(t.app);
  await o.visit();
  await o.api.login({ email: 'demo@example.com', password: 'demo1234' });
  await o.api.operatorLogin({ email: DEV_OPERATOR.email, password: DEV_OPERATOR.password });
  both = { cookie: o.jar.header()!, csrf: o.jar.get(CSRF_COOKIE)! };
}, 60_000);
afterAll(() => t.close());

const KEYS = [
  'email', 'name', 'password', 'profile', 'conversation', 'msg', 'page', 'pp', 'gender', 'country', 'countryregion',
  'city', 'min_age', 'max_age', 'lat', 'lon', 'token', 'id', 'before', 'limit', 'account', 'new', 'push', 'do',
  'welcome', 'like_new', 'endpoint', 'keys', 'remote', 'url', 'language', 'flow', 'redirect', 'lastSignupStep',
];
const scalar = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('', '0', '-1', '1e309', 'NaN', '../../etc/passwd', '\u0000', 'demo@example.com', "' OR 1=1 --", '9'.repeat(40)),
);
const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.constantFrom(...KEYS), scalar, { maxKeys: 3 }));
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 6 }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ maxLength: 200 }),
);
const query = fc.dictionary(fc.constantFrom(...KEYS), fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('1', '-5', 'x', '%', '0')), {
  maxKeys: 4,
});

/** Random inputs per route and per caller (visitor, member): about 11,000 requests in all. */
const RUNS = 70;

/** Calls whose success would end the fuzzing session or that stream forever. */
const SKIP_AS_MEMBER = new Set(['GET /api/logout.php', 'GET /api/events.php']);

describe('random input to every call', () => {
  it('never gets a 5xx answer', async () => {
    const routes = registeredRoutes(t.app).filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS');
    expect(routes.length).toBeGreaterThan(30);
    let requests = 0;
    const failures: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const url = route.url.replace(/:(\w+)/g, 'fuzz-$1');
      for (const who of [visitor, member]) {
        if (who === member && SKIP_AS_MEMBER.has(key)) continue;
        await fc.assert(
          fc.asyncProperty(body, query, fc.boolean(), async (b, q, asText) => {
            const qs = new URLSearchParams(q).toString();
            const res = await t.app.inject({
              method: route.method as 'GET',
              url: qs ? `${url}?${qs}` : url,
              headers: {
                cookie: who.cookie,
                'x-csrf-token': who.csrf,
                'x-original-host': 'localhost:8080',
                'content-type': asText ? 'text/plain' : 'application/json',
              },
              payload: route.method === 'GET' ? undefined : typeof b === 'string' && asText ? b : JSON.stringify(b),
            });
            requests++;
            if (res.statusCode >= 500) failures.push(`${key} ${qs} ${JSON.stringify(b)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
            return res.statusCode < 500;
          }),
          { numRuns: RUNS, seed: 20261121, endOnFailure: true },
        ).catch(() => {});
      }
    }
    console.log(`fuzz: ${requests} requests to ${routes.length} routes, ${failures.length} × 5xx`);
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThanOrEqual(10_000);
  }, 600_000);
});

/**
 * Ids one past the database's integer (int4): a schema without the bound let them through to the
 * query, which failed with a 500. Each body is otherwise valid for some call, so that the id is the
 * only thing wrong with it.
 */
const BEYOND_INT4 = [2 ** 31, 2 ** 53, 1e300];
const ID_BODIES = (id: number): unknown[] => [
  { id, premium_only: true },
  { id },
  { profile: id },
  { conversation: id },
  { profile: id, like_new: false },
  {
    slug: 'fuzz-ids', kinds: ['gallery'], target_gender: 'female', min_age: 30, max_age: 50,
    texts: { en: { headline: 'Fuzz', text: 'Ids beyond the integer' } }, featured_member_ids: [id],
  },
];

describe('ids beyond the database integer', () => {
  it('answer 4xx on every call, as a member and as the operator, never 5xx', async () => {
    const routes = registeredRoutes(t.app).filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && !SKIP_AS_MEMBER.has(`${r.method} ${r.url}`));
    const failures: string[] = [];
    let requests = 0;
    for (const route of routes) {
      const url = route.url.replace(/:(\w+)/g, 'fuzz-$1');
      for (const id of BEYOND_INT4) {
        const queries = ['id', 'profile', 'conversation', 'before'].map((k) => `${k}=${id}`);
        for (const payload of route.method === 'GET' ? [undefined] : ID_BODIES(id)) {
          for (const qs of route.method === 'GET' || route.method === 'DELETE' ? queries : ['']) {
            const res = await t.app.inject({
              method: route.method as 'GET',
              url: qs ? `${url}?${qs}` : url,
              headers: {
                cookie: both.cookie,
                'x-csrf-token': both.csrf,
                'x-original-host': 'localhost:8080',
                'content-type': 'application/json',
              },
              payload: payload === undefined ? undefined : JSON.stringify(payload),
            });
            requests++;
            if (res.statusCode >= 500) failures.push(`${route.method} ${route.url}?${qs} ${JSON.stringify(payload)} → ${res.statusCode} ${res.body.slice(0, 160)}`);
          }
        }
      }
    }
    expect(requests).toBeGreaterThan(500);
    expect(failures).toEqual([]);
  }, 240_000);
});
