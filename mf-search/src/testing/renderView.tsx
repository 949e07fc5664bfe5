import { SEARCH_PAGE_SIZE, type SearchQuery, type SearchResponse } from '@dating/shared';
import { publicProfile as profile, renderRemoteView, type RenderViewOptions } from '@dating/shared/testing';
import { definition } from '../mount';

export { member, siteSettings, mockApi } from '@dating/shared/testing';

/** Renders a view of mf_search; `api` lets a test prepare answers before the view's first call. */
export const renderView = (view: keyof typeof definition.views, options?: RenderViewOptions) => renderRemoteView(definition, view, options);
export { profile };

/**
 * What search.php answers for a pool of `total` members: page `page` of 12, member ids from
 * `firstId` on, names "Member <id>".
 */
export function searchAnswer(total: number, firstId = 1000) {
  return (query: SearchQuery): Promise<SearchResponse> => {
    const page = Number(query.page ?? 1);
    const size = Number(query.pp ?? SEARCH_PAGE_SIZE);
    const from = (page - 1) * size;
    const count = Math.max(0, Math.min(size, total - from));
    return Promise.resolve({
      profiles: Array.from({ length: count }, (_, i) =>
        profile({ id: firstId + from + i, name: `Member ${firstId + from + i}` }),
      ),
      paging: { num_results: total, page, page_size: size },
      filter_options: { gender: [], min_age: 18, max_age: 100, country: [], countryregion: [] },
    });
  };
}
