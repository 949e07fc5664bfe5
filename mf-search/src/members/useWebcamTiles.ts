import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@dating/shared';
import { ageBucket, type Filter } from './rules';
import type { Cam } from './WebcamTile';

const NONE: Cam[] = [];

/** Webcam tiles matching the filter (xcams/search), only when `enabled`; failures are only logged. */
export function useWebcamTiles(api: ApiClient, enabled: boolean, filter: Filter): Cam[] {
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
  });
  return (enabled && cams.data) || NONE;
}
