import { useQuery } from '@tanstack/react-query';
import { queryKeys, useRemote } from '@dating/shared';

/** The member's credits page data (balance, offer, history, premium): shared key, others invalidate it. */
export function useCredits(enabled = true) {
  const { api } = useRemote();
  return useQuery({ queryKey: queryKeys.credits(), queryFn: () => api.credits(), enabled });
}

/**
 * The welcome code offered to new members. Its load failure is silent (spec §8): the query
 * answers null instead of failing, so nothing is shown.
 */
export function useWelcomeCode(enabled = true) {
  const { api } = useRemote();
  return useQuery({
    queryKey: ['api', 'discount', 'welcome'],
    queryFn: () => api.discountCode({ welcome: 'true' }).then((r) => r.discount).catch(() => null),
    enabled,
    staleTime: 60_000,
  });
}
