import {
  allowedFilter,
  canSearchSimilar,
  nearbyCountries,
  placeTiles,
  queryFromState,
  searchQuery,
  showsLanguageBadge,
  stateFromQuery,
  widenAgeRange,
} from './rules';

const results = (n: number) => Array.from({ length: n }, (_, i) => `r${i}`);
const tiles = (n: number) => Array.from({ length: n }, (_, i) => `T${i}`);
const layout = (slots: { kind: string; item: string }[]) => slots.map((s) => s.item);

describe('webcam tile placement', () => {
  it('puts tiles at positions 1 and 5 (0-based) of a block of 12 results', () => {
    const out = layout(placeTiles(results(12), tiles(10)));
    expect(out.slice(0, 7)).toEqual(['r0', 'T0', 'r1', 'r2', 'r3', 'T1', 'r4']);
    expect(out.filter((s) => s.startsWith('T'))).toEqual(['T0', 'T1']);
    expect(out).toHaveLength(14);
  });

  it('starts again in every block of 12 results', () => {
    const out = layout(placeTiles(results(36), tiles(10)));
    const blockStarts = [0, 14, 28];
    for (const [b, start] of blockStarts.entries()) {
      expect(out[start]).toBe(`r${b * 12}`);
      expect(out[start + 1]).toBe(`T${b * 2}`);
      expect(out[start + 5]).toBe(`T${b * 2 + 1}`);
    }
    expect(out.filter((s) => s.startsWith('T'))).toHaveLength(6);
  });

  it('never ends a block with a tile after its last result', () => {
    expect(layout(placeTiles(results(1), tiles(5)))).toEqual(['r0']);
    expect(layout(placeTiles(results(4), tiles(5)))).toEqual(['r0', 'T0', 'r1', 'r2', 'r3']);
    expect(layout(placeTiles(results(13), tiles(5))).slice(-1)).toEqual(['r12']);
  });

  it('shows results only when there are no tiles, and uses each tile once', () => {
    expect(layout(placeTiles(results(12), []))).toEqual(results(12));
    expect(layout(placeTiles(results(24), tiles(3))).filter((s) => s.startsWith('T'))).toEqual(['T0', 'T1', 'T2']);
  });
});

describe('filters and queries', () => {
  it('turns an age bucket into min_age and max_age', () => {
    expect(searchQuery({ age: '18-25' }, 1)).toMatchObject({ min_age: 18, max_age: 25 });
    expect(searchQuery({ age: '36-45' }, 1)).toMatchObject({ min_age: 36, max_age: 45 });
    expect(searchQuery({ age: '65-100' }, 1)).toMatchObject({ min_age: 65, max_age: 100 });
    expect(searchQuery({}, 1)).toMatchObject({ min_age: undefined, max_age: undefined });
  });

  it('searches the site’s countries when none is chosen, and a region only within its country', () => {
    expect(searchQuery({}, 1)).toMatchObject({ country: undefined });
    expect(searchQuery({}, 1)).not.toHaveProperty('searchAllCountries');
    expect(searchQuery({ countryregion: 'Utrecht' }, 1)).toMatchObject({ country: undefined, countryregion: undefined });
    expect(searchQuery({ country: 'NL', countryregion: 'Utrecht' }, 2)).toMatchObject({
      country: 'NL',
      countryregion: 'Utrecht',
      page: 2,
      pp: 12,
    });
  });

  it('marks the first load automatic and later loads manual', () => {
    expect(searchQuery({}, 1, { first: true })).toMatchObject({ auto_load: true, manual_search: undefined });
    expect(searchQuery({}, 2)).toMatchObject({ auto_load: undefined, manual_search: true });
  });

  it('widens a similar search by 5 years on each side, within 18 to 100', () => {
    expect(widenAgeRange({ min: 26, max: 35 })).toEqual({ min: 21, max: 40 });
    expect(widenAgeRange({ min: 18, max: 25 })).toEqual({ min: 18, max: 30 });
    expect(widenAgeRange({ min: 65, max: 100 })).toEqual({ min: 60, max: 100 });
    expect(searchQuery({ age: '46-55' }, 1, { similar: true })).toMatchObject({ min_age: 41, max_age: 60 });
    expect(canSearchSimilar({ age: '26-35' })).toBe(true);
    expect(canSearchSimilar({})).toBe(false);
  });

  it('drops filters the site does not offer', () => {
    const filter = { gender: 'male' as const, country: 'NL', countryregion: 'Utrecht', age: '26-35' as const };
    expect(allowedFilter(filter, ['gender', 'country', 'min_age', 'max_age'])).toEqual({ ...filter, countryregion: undefined });
    expect(allowedFilter(filter, ['gender'])).toEqual({ gender: 'male', country: undefined, countryregion: undefined, age: undefined });
  });

  it('offers neighbouring countries together, when the site has both', () => {
    expect(nearbyCountries('NL', ['NL', 'BE', 'DE'])).toEqual(['NL', 'BE']);
    expect(nearbyCountries('NZ', ['AU', 'NZ'])).toEqual(['NZ', 'AU']);
    expect(nearbyCountries('US', ['US', 'CA'])).toEqual(['US', 'CA']);
    expect(nearbyCountries('IE', ['GB', 'IE'])).toEqual(['IE', 'GB']);
    expect(nearbyCountries('AT', ['DE', 'AT'])).toEqual(['AT', 'DE']);
    expect(nearbyCountries('NL', ['NL', 'DE'])).toEqual(['NL']);
    expect(nearbyCountries('FR', ['NL', 'BE'])).toEqual([]);
    expect(nearbyCountries(null, ['NL'])).toEqual([]);
  });

  it('gives a language badge to profiles from Canada, Belgium and Switzerland only', () => {
    expect(showsLanguageBadge({ country: 'CA', language: 'fr' })).toBe(true);
    expect(showsLanguageBadge({ country: 'BE', language: 'nl' })).toBe(true);
    expect(showsLanguageBadge({ country: 'CH', language: 'de' })).toBe(true);
    expect(showsLanguageBadge({ country: 'NL', language: 'nl' })).toBe(false);
    expect(showsLanguageBadge({ country: 'BE', language: null })).toBe(false);
  });
});

describe('the URL keeps the page', () => {
  it('reads page, similarpage and the filter, ignoring nonsense', () => {
    expect(stateFromQuery({ page: '3', similarpage: '2', gender: 'female', country: 'NL', age: '26-35' })).toEqual({
      filter: { gender: 'female', country: 'NL', countryregion: undefined, age: '26-35' },
      page: 3,
      similarpage: 2,
    });
    expect(stateFromQuery({ page: '-1', similarpage: 'x', gender: 'robot', country: 'Netherlands', age: '1-2' })).toEqual({
      filter: { gender: undefined, country: undefined, countryregion: undefined, age: undefined },
      page: 1,
      similarpage: 0,
    });
  });

  it('writes page and similarpage and keeps network and e-mail tracking parameters', () => {
    const current = { network: 'aff12', sub1: 'x', utm_source: 'newsletter', page: '1', unrelated: 'drop me' };
    expect(queryFromState({ filter: { gender: 'male', age: '18-25' }, page: 2, similarpage: 0 }, current)).toEqual({
      network: 'aff12',
      sub1: 'x',
      utm_source: 'newsletter',
      gender: 'male',
      age: '18-25',
      page: '2',
    });
    expect(queryFromState({ filter: {}, page: 4, similarpage: 1 }, {})).toEqual({ page: '4', similarpage: '1' });
  });
});
