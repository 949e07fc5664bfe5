import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { ApiError, useRemote } from '@dating/shared';

/** The member of /members/:memberId/…; an unknown or deleted member shows the shell's 404. */
export function useMember() {
  const { api, params, query: search, notFound } = useRemote();
  const id = Number(params.memberId);
  const valid = Number.isInteger(id) && id > 0 && id <= 2_147_483_647;
  const query = useQuery({
    queryKey: ['profile', id],
    // A visitor from a campaign (?network=) may see the member where the site allows such visitors to search.
    queryFn: () => (search.network ? api.profile(id, { trafficsource: search.network }) : api.profile(id)).then((r) => r.profile),
    enabled: valid,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
  const missing = !valid || (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400));
  React.useEffect(() => {
    if (missing) notFound();
  }, [missing, notFound]);
  return { query, missing, id };
}
