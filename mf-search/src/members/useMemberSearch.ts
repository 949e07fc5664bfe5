import * as React from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ApiError, queryKeys, SEARCH_PAGE_SIZE, type ApiClient, type PublicProfile, type SearchResponse } from '@dating/shared';
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

/** Pages from..to of one search, read in one go (a reload restores every page up to the URL's). */
interface Chunk {
  profiles: PublicProfile[];
  numResults: number;
  pageSize: number;
  /** The last page read. */
  page: number;
}
type Pages = { from: number; to: number };

const nextPages = (last: Chunk): Pages | undefined =>
  last.page * last.pageSize < last.numResults ? { from: last.page + 1, to: last.page + 1 } : undefined;

function flatten(chunks: Chunk[] | undefined, exclude: PublicProfile[] = []): PublicProfile[] {
  let list: PublicProfile[] = [];
  for (const c of chunks ?? []) list = appendUnique(list, c.profiles, exclude);
  return list;
}

/**
 * The search page's state (spec §4) on two TanStack infinite queries, the results and the similar
 * (wider) results: the first load is automatic (and restores `page` and `similarpage` from the URL,
 * loading every page up to them), later loads are manual and append 12 more; any filter change
 * starts again at page 1 (a new query key: answers of the replaced search are dropped, and a
 * search left is not kept). Failures are logged (spec §8) and can be retried.
 */
export function useMemberSearch(initial: { filter: Filter; page: number; similarpage: number }, options: SearchOptions) {
  const { api, trafficsource, source } = options;
  const [filter, setFilterState] = React.useState(initial.filter);
  /** What the first load of this filter reads: the URL's pages at first, page 1 after a change. */
  const [start, setStart] = React.useState({ page: Math.max(1, initial.page), similarpage: initial.similarpage, first: true });
  const onPaging = (paging: { filter: Filter; page: number; similarpage: number }) => options.onPaging?.(paging);

  const read = async (similar: boolean, pages: Pages, first: boolean): Promise<Chunk> => {
    try {
      const chunk: Chunk = { profiles: [], numResults: 0, pageSize: SEARCH_PAGE_SIZE, page: pages.from - 1 };
      for (let p = pages.from; p <= pages.to; p++) {
        const answer: SearchResponse = await api.search(searchQuery(filter, p, { similar, first: first && p === 1, trafficsource, source }));
        chunk.profiles = appendUnique(chunk.profiles, answer.profiles);
        chunk.numResults = answer.paging.num_results;
        chunk.pageSize = answer.paging.page_size;
        chunk.page = p;
        if (p * chunk.pageSize >= chunk.numResults) break;
      }
      return chunk;
    } catch (error) {
      console.error('search failed', error);
      throw error;
    }
  };

  const key = queryKeys.search('members', filter, trafficsource ?? null, source ?? null);
  const results = useInfiniteQuery({
    queryKey: [...key, 'results'],
    initialPageParam: { from: 1, to: start.page },
    queryFn: ({ pageParam }) => read(false, pageParam, start.first),
    getNextPageParam: nextPages,
    gcTime: 0,
  });
  const lastResults = results.data?.pages.at(-1);
  const allLoaded = results.isSuccess && !results.hasNextPage;
  const similar = useInfiniteQuery({
    queryKey: [...key, 'similar'],
    // Restored from the URL by itself; otherwise only when asked for (loadSimilar).
    enabled: start.similarpage > 0 && allLoaded && canSearchSimilar(filter),
    initialPageParam: { from: 1, to: Math.max(1, start.similarpage) },
    queryFn: ({ pageParam }) => read(true, pageParam, false),
    getNextPageParam: nextPages,
    gcTime: 0,
  });
  const lastSimilar = similar.data?.pages.at(-1);

  const list = React.useMemo(() => flatten(results.data?.pages), [results.data]);
  const similarList = React.useMemo(() => flatten(similar.data?.pages, list), [similar.data, list]);

  let status: LoadStatus = 'ready';
  let pending: SearchState['pending'] = null;
  if (results.isPending) [status, pending] = ['loading', 'first'];
  else if (results.isError && !results.isFetchNextPageError) [status, pending] = ['error', 'first'];
  else if (results.isFetchingNextPage) [status, pending] = ['loading', 'more'];
  else if (results.isFetchNextPageError) [status, pending] = ['error', 'more'];
  else if (similar.isFetching && !similar.isRefetching) [status, pending] = ['loading', 'similar'];
  else if (similar.isFetchingNextPage) [status, pending] = ['loading', 'similar'];
  else if (similar.isError) [status, pending] = ['error', 'similar'];

  const state: SearchState = {
    filter,
    page: lastResults?.page ?? 0,
    similarpage: lastSimilar?.page ?? 0,
    results: list,
    numResults: lastResults?.numResults ?? 0,
    similar: similarList,
    similarNumResults: lastSimilar?.numResults ?? 0,
    status,
    pending,
  };

  const setFilter = (next: Filter) => {
    onPaging({ filter: next, page: 1, similarpage: 0 });
    setStart({ page: 1, similarpage: 0, first: false });
    setFilterState(next);
  };

  const loadMore = async () => {
    if (status === 'loading') return;
    const r = await results.fetchNextPage();
    const page = r.data?.pages.at(-1)?.page;
    if (!r.isFetchNextPageError && page) onPaging({ filter, page, similarpage: state.similarpage });
  };

  const loadSimilar = async () => {
    if (status === 'loading') return;
    // The first similar page on request: refetch runs the query even while it waits for `enabled`.
    const r = similar.data ? await similar.fetchNextPage() : await similar.refetch();
    const page = r.data?.pages.at(-1)?.page;
    if (!r.isError && page) onPaging({ filter, page: state.page, similarpage: page });
  };

  const retry = () => {
    if (pending === 'more') void loadMore();
    else if (pending === 'similar') void loadSimilar();
    else void results.refetch();
  };

  const hasMore = state.page > 0 && state.page * SEARCH_PAGE_SIZE < state.numResults;
  const canLoadSimilar =
    allLoaded &&
    state.page > 0 &&
    canSearchSimilar(filter) &&
    (state.similarpage === 0 || state.similarpage * SEARCH_PAGE_SIZE < state.similarNumResults);

  // A visitor who read the pages visitors may read (403 signup_required) or read them too fast (429).
  const failure = results.error ?? similar.error;
  const signupToSeeMore = failure instanceof ApiError && (failure.status === 429 || failure.code === 'signup_required');
  // A visitor whose traffic source the site does not know (403 login_required) logs in first.
  const loginRequired = failure instanceof ApiError && failure.code === 'login_required';

  return {
    state,
    signupToSeeMore,
    loginRequired,
    setFilter,
    loadMore: () => void loadMore(),
    loadSimilar: () => void loadSimilar(),
    retry,
    hasMore,
    canLoadSimilar,
  };
}
