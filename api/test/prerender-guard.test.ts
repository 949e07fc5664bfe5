import { spawn } from 'node:child_process';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { REPO_ROOT } from '../src/config';
import { listening, startTestApi, type TestApi } from './helpers';
import { addMember } from './social-helpers';

/**
 * What the front server's prerenderer (scripts/serve/prerender.mjs) does with requests, over this
 * file's API, with a stand-in renderer that counts renders instead of starting Chromium. Runs in a
 * child process (the scripts are ES modules that read the contract's TypeScript).
 */
function prerenderRun(apiBase: string, options: { development: boolean; perClient?: { max: number; windowMs: number } }, requests: { host: string; path: string; client: string; acceptLanguage?: string; locale?: string; userAgent?: string; state?: string; cookies?: Record<string, string> }[]) {
  const script = `
    const { routeMatcher } = await import(${JSON.stringify(path.join(REPO_ROOT, 'scripts', 'serve.mjs'))});
    const { createPrerenderer, PRERENDERED_PATHS } = await import(${JSON.stringify(path.join(REPO_ROOT, 'scripts', 'serve', 'prerender.mjs'))});
    const renders = [];
    const kinds = ['video', 'gallery', 'maplanding', 'alonetonight', 'iconslanding', 'socialnetwork', 'collagelanding', 'transitionsvideolanding'];
    const p = createPrerenderer({
      port: 1,
      isPage: routeMatcher({ paths: PRERENDERED_PATHS, values: { kind: kinds } }),
      routeMatcher,
      apiTarget: ${JSON.stringify(apiBase)},
      render: async (job) => { renders.push(job.host + job.pathname + (job.langs.cookie ? ' ' + job.langs.cookie : '') + (job.bot ? ' bot' : '') + (Object.keys(job.cookies).length ? ' ' + JSON.stringify(job.cookies) : '')); return { status: job.pathname === '/not-found' ? 404 : 200, body: 'rendered' }; },
      ...${JSON.stringify(options)},
    });
    const answers = [];
    for (const r of ${JSON.stringify(requests)}) {
      const req = { method: 'GET', headers: { host: r.host, 'accept-language': r.acceptLanguage ?? '', 'user-agent': r.userAgent ?? '' }, socket: { remoteAddress: r.client } };
      const a = await p.page(req, new URL(r.path, 'http://' + r.host), { locale: r.locale, state: r.state, cookies: r.cookies });
      answers.push(a === null ? 'plain' : a.status);
    }
    console.log(JSON.stringify({ answers, renders }));
  `;
  return new Promise<{ answers: (string | number)[]; renders: string[] }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1)!)) : reject(new Error(`exit ${code}`))));
  });
}

let t: TestApi;
let api: FastifyInstance;
let apiBase: string;
let memberId = 0;
beforeAll(async () => {
  t = await startTestApi();
  api = await t.appWith({});
  apiBase = await listening(api);
  memberId = (await addMember(t.db, { name: 'Real Member', gender: 'female' })).id;
}, 60_000);
afterAll(() => t.close());

describe('the prerenderer cannot be made to render made-up pages', () => {
  test('an unknown member id or lander slug answers the one 404 page, not a render of its own; real ones render', async () => {
    const at = (p: string) => ({ host: 'localhost:8080', path: p, client: '10.0.0.1' });
    const { answers, renders } = await prerenderRun(apiBase, { development: true }, [
      at('/members/987654321/landing'),
      at('/members/not-a-number/landing2/x'),
      at('/landers/gallery/no-such-campaign'),
      at(`/members/${memberId}/landing`),
      at('/landers/gallery/summer-love'),
    ]);
    expect(answers).toEqual([404, 404, 404, 200, 200]);
    // One render of the site's 404 page for the three made-up pages.
    expect(renders).toEqual(['localhost/not-found', `localhost/members/${memberId}/landing`, 'localhost/landers/gallery/summer-love']);
  });

  test("a page whose start state changed (a site saved in the back office, a canary's other side) is rendered afresh, with the visitor's canary cookie", async () => {
    const at = (state: string, cookies?: Record<string, string>) => ({ host: 'localhost:8080', path: '/signup', client: '10.0.0.5', state, cookies });
    const { answers, renders } = await prerenderRun(apiBase, { development: true }, [at('s1'), at('s1'), at('s2', { canary: '7' }), at('s2', { canary: '8' })]);
    expect(answers).toEqual([200, 200, 200, 200]);
    expect(renders).toEqual(['localhost/signup', 'localhost/signup {"canary":"7"}']);
  });

  test('in production *.localhost names are not rendered (each was a new page to render)', async () => {
    const { answers, renders } = await prerenderRun(apiBase, { development: false }, [
      { host: 'x1.localhost', path: '/', client: '10.0.0.2' },
      { host: 'localhost', path: '/login', client: '10.0.0.2' },
    ]);
    expect(answers).toEqual(['plain', 'plain']);
    expect(renders).toEqual([]);
    const dev = await prerenderRun(apiBase, { development: true }, [{ host: 'velvet.localhost', path: '/', client: '10.0.0.2' }]);
    expect(dev.answers).toEqual([200]);
  });

  test('one client starts a few renders a minute; then the plain shell, while another client still gets its page rendered', async () => {
    const pages = ['/pages/faq', '/pages/terms', '/pages/cookies', '/pages/privacy'];
    const { answers, renders } = await prerenderRun(apiBase, { development: true, perClient: { max: 3, windowMs: 60_000 } }, [
      ...pages.map((p) => ({ host: 'localhost', path: p, client: '10.0.0.3' })),
      // The pages it already had rendered are served from the cache, beyond its share too.
      { host: 'localhost', path: '/pages/faq', client: '10.0.0.3' },
      { host: 'localhost', path: '/pages/service', client: '10.0.0.4' },
    ]);
    expect(answers).toEqual([200, 200, 200, 'plain', 200, 200]);
    expect(renders).toHaveLength(4);
  });
});

describe('renders are keyed by the language the page is in', () => {
  test('three French visitors whose browsers say it three ways share one render, in French', async () => {
    const french = ['fr-FR', 'fr-FR,fr;q=0.9,en;q=0.5', 'fr-CA,fr;q=0.8'];
    const { answers, renders } = await prerenderRun(
      apiBase,
      { development: true },
      french.map((acceptLanguage, i) => ({ host: 'localhost', path: '/pages/cookies', client: `10.0.1.${i + 1}`, acceptLanguage, locale: 'fr' })),
    );
    expect(answers).toEqual([200, 200, 200]);
    expect(renders).toEqual(['localhost/pages/cookies fr']);
  });
});

describe('bots get the bot version', () => {
  test("a crawler's 404 page is a render of its own, made as a bot (no signup form); people share theirs", async () => {
    const person = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
    const crawler = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    const { answers, renders } = await prerenderRun(apiBase, { development: true }, [
      { host: 'localhost', path: '/no/such/page', client: '10.0.2.1', userAgent: person },
      { host: 'localhost', path: '/nothing/here', client: '10.0.2.2', userAgent: person },
      { host: 'localhost', path: '/no/such/page', client: '10.0.2.3', userAgent: crawler },
    ]);
    expect(answers).toEqual([404, 404, 404]);
    expect(renders).toEqual(['localhost/not-found', 'localhost/not-found bot']);
  });
});
