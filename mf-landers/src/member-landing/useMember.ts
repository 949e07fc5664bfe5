import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { ApiError, useKnownUser, useRemote, visitorMaySearch } from '@dating/shared';

/**
 * The member of /members/:memberId/…; an unknown or deleted member shows the shell's 404. A
 * visitor reads the member where the site lets visitors read profiles (spec §6: logged-out search,
 * or with a traffic source, `?network=`); any other visitor logs in first and comes back here,
 * as on the search page. The site decides which traffic sources it knows: a `network` it does not
 * know answers 403 login_required, and that visitor logs in first too.
 */
export function useMember() {
  const { api, params, query: search, notFound, settings, navigate, href, routeName } = useRemote();
  const user = useKnownUser();
  const id = Number(params.memberId);
  const valid = Number.isInteger(id) && id > 0 && id <= 2_147_483_647;
  const mayRead = user !== undefined && (user !== null || visitorMaySearch(settings.settings, search.network));
  const query = useQuery({
    queryKey: ['profile', id],
    queryFn: () => (search.network ? api.profile(id, { trafficsource: search.network }) : api.profile(id)).then((r) => r.profile),
    enabled: valid && mayRead,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
  const missing = !valid || (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400));
  const refused = query.error instanceof ApiError && query.error.code === 'login_required';
  const toLogin = user === null && (!mayRead || refused);
  React.useEffect(() => {
    if (missing) notFound();
  }, [missing, notFound]);
  React.useEffect(() => {
    if (toLogin && valid) navigate({ name: 'login', query: { next: href({ name: routeName, params, query: search }) } }, { replace: true });
  }, [toLogin, valid, navigate, href, routeName, params, search]);
  return { query, missing: missing || toLogin, id };
}
