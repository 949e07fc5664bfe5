// The README fits a screen and every page of docs/ stays readable: README.md within 10 kB, each
// docs page within 15 kB. A page that grows past its limit splits by topic.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const KB = 1024;

describe('documentation sizes', () => {
  it('README.md is at most 10 kB', () => {
    expect(statSync(path.join(ROOT, 'README.md')).size).toBeLessThanOrEqual(10 * KB);
  });

  const pages = readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md'));

  it('docs/ has pages', () => expect(pages.length).toBeGreaterThan(0));

  it.each(pages)('docs/%s is at most 15 kB', (page) => {
    expect(statSync(path.join(ROOT, 'docs', page)).size).toBeLessThanOrEqual(15 * KB);
  });
});
