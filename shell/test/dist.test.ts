// The shell's build must contain none of the remotes' code and no remote URL: remotes are
// composed at runtime from the registry (DESIGN rule 1). Runs on the production build.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const REMOTES = ['mf-auth-signup', 'mf-search', 'mf-chat', 'mf-likes-notifications', 'mf-commerce', 'mf-landers'];

function jsOf(dir: string): string {
  const dist = path.join(ROOT, dir, 'dist');
  if (!existsSync(dist)) throw new Error(`${dir}/dist is missing: run npm run build first`);
  return readdirSync(dist)
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(path.join(dist, f), 'utf8'))
    .join('\n');
}

describe("the shell's build", () => {
  const shellJs = jsOf('shell');

  it.each(REMOTES)('contains none of the code of %s (its message ids are only in its own build)', (remote) => {
    const ids = Object.keys(JSON.parse(readFileSync(path.join(ROOT, remote, 'src/i18n/en.json'), 'utf8')));
    const remoteJs = jsOf(remote);
    const own = ids.filter((id) => remoteJs.includes(`"${id}"`));
    expect(own.length).toBeGreaterThan(0);
    expect(own.filter((id) => shellJs.includes(`"${id}"`))).toEqual([]);
  });

  it('names no remote origin or manifest URL', () => {
    expect(shellJs).not.toMatch(/localhost:808[1-7]/);
    expect(shellJs).not.toMatch(/https?:\/\/[^"'\s]*mf-manifest\.json/);
  });
});
