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

/** Every source file of the contracts package: message keys it names (schema errors) belong to it. */
function sharedSource(dir = path.join(ROOT, 'shared/src')): string {
  return readdirSync(dir, { withFileTypes: true })
    .map((e) => (e.isDirectory() ? sharedSource(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? readFileSync(path.join(dir, e.name), 'utf8') : ''))
    .join('\n');
}

describe("the shell's build", () => {
  const shellJs = jsOf('shell');
  const contract = sharedSource();

  it.each(REMOTES)('contains none of the code of %s (its message ids are only in its own build)', (remote) => {
    const ids = Object.keys(JSON.parse(readFileSync(path.join(ROOT, remote, 'src/i18n/en.json'), 'utf8')));
    const remoteJs = jsOf(remote);
    // Keys the contract itself names (e.g. schema messages) are shared by design, not remote code.
    const own = ids.filter((id) => remoteJs.includes(`"${id}"`) && !contract.includes(`'${id}'`) && !contract.includes(`"${id}"`));
    expect(own.length).toBeGreaterThan(0);
    expect(own.filter((id) => shellJs.includes(`"${id}"`))).toEqual([]);
  });

  it('names no remote origin or manifest URL', () => {
    expect(shellJs).not.toMatch(/localhost:808[1-7]/);
    expect(shellJs).not.toMatch(/https?:\/\/[^"'\s]*mf-manifest\.json/);
  });
});
