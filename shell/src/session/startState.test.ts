import { START_STATE_ELEMENT_ID, startStateText } from '@dating/shared';
import { readStartState } from './startState';

const settings = {
  settings: { name: 'Amora', signups: 'all', domain_language: 'en', languages: ['en', 'de'] },
  flags: { templateName: 'amora' },
  theme: { brandName: 'Amora' },
  company: { name: 'Amora Online B.V.' },
};

/** A page as the front server writes it, parsed by the browser's HTML parser. */
function page(state: object): Document {
  return new DOMParser().parseFromString(
    `<!doctype html><html><head><script type="application/json" id="${START_STATE_ELEMENT_ID}">${startStateText(state)}</script></head><body><div id="root"></div></body></html>`,
    'text/html',
  );
}

describe('start state in the page', () => {
  it('a value that tries to end the element stays text: one script element, the value read back as it was', () => {
    const name = '</script><script>window.pwned = 1</script><!-- \u2028';
    const doc = page({ registry: { remotes: { mf_search: 'http://localhost:8082/mf-manifest.json' } }, user: { user: null }, note: name });
    expect(doc.querySelectorAll('script')).toHaveLength(1);
    expect(JSON.parse(doc.getElementById(START_STATE_ELEMENT_ID)!.textContent!).note).toBe(name);
  });

  it('gives the parts that match the contract, leaves out the others (fetched at start-up), and removes the element', () => {
    const doc = page({ settings: { ...settings, theme: 'not a theme' }, registry: { remotes: { mf_search: 'http://localhost:8082/mf-manifest.json' } }, user: { user: null } });
    const state = readStartState(doc);
    expect(state.settings).toBeUndefined();
    expect(state.registry?.remotes.mf_search).toBe('http://localhost:8082/mf-manifest.json');
    expect(state.user).toEqual({ user: null });
    expect(doc.getElementById(START_STATE_ELEMENT_ID)).toBeNull();
    expect(readStartState(doc)).toEqual({});
  });

  it('reads a rendered view, and a rendered 404 page (no remote) with its answer for bots', () => {
    const queries = { mutations: [], queries: [] };
    expect(readStartState(page({ rendered: { remote: 'mf_landers', queries } })).rendered).toEqual({ remote: 'mf_landers', queries });
    expect(readStartState(page({ rendered: { remote: null, queries, bot: true } })).rendered).toEqual({ remote: null, queries, bot: true });
    expect(readStartState(page({ rendered: { remote: 'mf_nope', queries } })).rendered).toBeUndefined();
  });

  it('is empty without the element (npm run dev serves the plain page) or with broken JSON', () => {
    expect(readStartState(new DOMParser().parseFromString('<div id="root"></div>', 'text/html'))).toEqual({});
    const doc = new DOMParser().parseFromString(`<script type="application/json" id="${START_STATE_ELEMENT_ID}">{oops</script>`, 'text/html');
    expect(readStartState(doc)).toEqual({});
  });
});
