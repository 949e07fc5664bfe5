import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@dating/shared';
import { ageBucket, type Filter } from './rules';
import type { Cam } from './WebcamTile';

const NONE: Cam[] = [];

/**
 * Webcam tiles matching the filter (xcams/search), only when `enabled`; failures are only logged.
 * `settled`: the first answer (or failure) is in, so a grid shown now is not rearranged when the
 * tiles arrive; a new filter keeps the previous tiles until its own answer.
 */
export function useWebcamTiles(api: ApiClient, enabled: boolean, filter: Filter): { cams: Cam[]; settled: boolean } {
  const bucket = ageBucket(filter.age);
  const { gender } = filter;
  const cams = useQuery({
    queryKey: ['mf-search', 'xcams', gender ?? null, bucket?.min ?? null, bucket?.max ?? null],
    queryFn: () =>
      api.xcams({ gender, min_age: bucket?.min, max_age: bucket?.max }).then(
        (answer) => Object.values(answer.cams),
        (error: unknown) => {
          console.error('webcam tiles could not be loaded', error);
          throw error;
        },
      ),
    enabled,
    retry: false,
    placeholderData: (previous) => previous,
  });
  return { cams: (enabled && cams.data) || NONE, settled: !enabled || !cams.isPending };
}
