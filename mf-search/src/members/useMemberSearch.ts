import * as React from 'react';
import { SEARCH_PAGE_SIZE, type ApiClient, type PublicProfile, type SearchResponse } from '@dating/shared';
import { canSearchSimilar, searchQuery, type Filter } from './rules';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface SearchState {
  filter: Filter;
  /** Pages of the normal search loaded so far (0 before the first answer). */
  page: number;
  /** Pages of the similar (wider) search loaded so far; 0 = not asked for. */
  similarpage: number;
  results: PublicProfile[];
  numResults: number;
  similar: PublicProfile[];
  similarNumResults: number;
  status: LoadStatus;
  /** What is loading or failed: the first page(s), more results, similar results. */
  pending: 'first' | 'more' | 'similar' | null;
}

const EMPTY: Omit<SearchState, 'filter'> = {
  page: 0,
  similarpage: 0,
  results: [],
  numResults: 0,
  similar: [],
  similarNumResults: 0,
  status: 'idle',
  pending: null,
};

function appendUnique(list: PublicProfile[], more: PublicProfile[], exclude: PublicProfile[] = []): PublicProfile[] {
  const seen = new Set([...list, ...exclude].map((p) => p.id));
  return [...list, ...more.filter((p) => !seen.has(p.id) && seen.add(p.id))];
}

export interface SearchOptions {
  api: ApiClient;
  trafficsource?: string;
  source?: string;
  /** Called after each change of filter or paging, to keep the URL in step. */
  onPaging?: (state: { filter: Filter; page: number; similarpage: number }) => void;
}

/**
 * The search page's state (spec §4): the first load is automatic (and restores `page` and
 * `similarpage` from the URL, loading every page up to them), later loads are manual and append
 * 12 more; any filter change resets the results and starts again at page 1. Answers of a search
 * that was replaced meanwhile are dropped. Failures are logged (spec §8) and can be retried.
 */
export function useMemberSearch(initial: { filter: Filter; page: number; similarpage: number }, options: SearchOptions) {
  const [state, setState] = React.useState<SearchState>({ ...EMPTY, filter: initial.filter, status: 'loading', pending: 'first' });
  const generation = React.useRef(0);
  const latest = React.useRef(state);
  const opts = React.useRef(options);
  React.useLayoutEffect(() => {
    latest.current = state;
    opts.current = options;
  });
  /** The last from-scratch load, replayed by Retry when it failed. */
  const lastLoad = React.useRef({ ...initial, first: true });

  const fetchPage = React.useCallback((filter: Filter, page: number, similar: boolean, first: boolean) => {
    const { api, trafficsource, source } = opts.current;
    return api.search(searchQuery(filter, page, { similar, first, trafficsource, source }));
  }, []);

  /** Loads normal pages 1..pages and similar pages 1..similarPages for a filter, as load `gen`. */
  const runLoad = React.useCallback(
    async (gen: number, filter: Filter, pages: number, similarPages: number, first: boolean) => {
      lastLoad.current = { filter, page: pages, similarpage: similarPages, first };
      try {
        let results: PublicProfile[] = [];
        let numResults = 0;
        let loaded = 0;
        for (let p = 1; p <= Math.max(1, pages); p++) {
          const answer: SearchResponse = await fetchPage(filter, p, false, first && p === 1);
          if (gen !== generation.current) return;
          results = appendUnique(results, answer.profiles);
          numResults = answer.paging.num_results;
          loaded = p;
          if (p * answer.paging.page_size >= numResults) break;
        }
        let similar: PublicProfile[] = [];
        let similarNumResults = 0;
        let similarLoaded = 0;
        if (similarPages > 0 && canSearchSimilar(filter) && results.length >= numResults) {
          for (let p = 1; p <= similarPages; p++) {
            const answer = await fetchPage(filter, p, true, false);
            if (gen !== generation.current) return;
            similar = appendUnique(similar, answer.profiles, results);
            similarNumResults = answer.paging.num_results;
            similarLoaded = p;
            if (p * answer.paging.page_size >= similarNumResults) break;
          }
        }
        setState({
          filter,
          page: loaded,
          similarpage: similarLoaded,
          results,
          numResults,
          similar,
          similarNumResults,
          status: 'ready',
          pending: null,
        });
      } catch (error) {
        if (gen !== generation.current) return;
        console.error('search failed', error);
        setState((s) => ({ ...s, status: 'error', pending: 'first' }));
      }
    },
    [fetchPage],
  );

  /** A load from scratch: answers of earlier loads are dropped, the results start empty. */
  const loadFrom = React.useCallback(
    (filter: Filter, pages: number, similarPages: number, first: boolean) => {
      const gen = ++generation.current;
      setState({ ...EMPTY, filter, status: 'loading', pending: 'first' });
      return runLoad(gen, filter, pages, similarPages, first);
    },
    [runLoad],
  );

  /** Drops the answers of every load under way (the page is leaving). */
  const dropLoads = React.useCallback(() => {
    generation.current++;
  }, []);

  // First load: automatic, restoring the pages the URL names (the initial state says loading).
  React.useEffect(() => {
    void runLoad(++generation.current, initial.filter, initial.page, initial.similarpage, true);
    return dropLoads;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const setFilter = React.useCallback(
    (filter: Filter) => {
      opts.current.onPaging?.({ filter, page: 1, similarpage: 0 });
      void loadFrom(filter, 1, 0, false);
    },
    [loadFrom],
  );

  const loadNext = React.useCallback(
    async (kind: 'more' | 'similar') => {
      const s = latest.current;
      if (s.status === 'loading') return;
      const gen = generation.current;
      const page = (kind === 'more' ? s.page : s.similarpage) + 1;
      setState((prev) => ({ ...prev, status: 'loading', pending: kind }));
      try {
        const answer = await fetchPage(s.filter, page, kind === 'similar', false);
        if (gen !== generation.current) return;
        setState((prev) => {
          const next =
            kind === 'more'
              ? { ...prev, page, results: appendUnique(prev.results, answer.profiles), numResults: answer.paging.num_results }
              : {
                  ...prev,
                  similarpage: page,
                  similar: appendUnique(prev.similar, answer.profiles, prev.results),
                  similarNumResults: answer.paging.num_results,
                };
          return { ...next, status: 'ready', pending: null };
        });
        opts.current.onPaging?.({
          filter: s.filter,
          page: kind === 'more' ? page : s.page,
          similarpage: kind === 'similar' ? page : s.similarpage,
        });
      } catch (error) {
        if (gen !== generation.current) return;
        console.error('search failed', error);
        setState((prev) => ({ ...prev, status: 'error', pending: kind }));
      }
    },
    [fetchPage],
  );

  const retry = React.useCallback(() => {
    const s = latest.current;
    if (s.pending === 'more' || s.pending === 'similar') void loadNext(s.pending);
    else {
      const last = lastLoad.current;
      void loadFrom(last.filter, last.page, last.similarpage, last.first);
    }
  }, [loadFrom, loadNext]);

  const hasMore = state.page > 0 && state.page * SEARCH_PAGE_SIZE < state.numResults;
  const allLoaded = state.page > 0 && !hasMore;
  const canLoadSimilar =
    allLoaded &&
    canSearchSimilar(state.filter) &&
    (state.similarpage === 0 || state.similarpage * SEARCH_PAGE_SIZE < state.similarNumResults);

  return {
    state,
    setFilter,
    loadMore: () => loadNext('more'),
    loadSimilar: () => loadNext('similar'),
    retry,
    hasMore,
    canLoadSimilar,
  };
}
