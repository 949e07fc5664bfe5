import * as React from 'react';
import type { ApiClient } from '@dating/shared';
import { ageBucket, type Filter } from './rules';
import type { Cam } from './WebcamTile';

const NO_CAMS: Cam[] = [];

/** Webcam tiles matching the filter (xcams/search), only when `enabled`; failures are only logged. */
export function useWebcamTiles(api: ApiClient, enabled: boolean, filter: Filter): Cam[] {
  const bucket = ageBucket(filter.age);
  const { gender } = filter;
  const request = `${gender ?? ''}|${bucket?.min ?? ''}|${bucket?.max ?? ''}`;
  // The tiles of the request they answer: another filter shows none until its own answer.
  const [answered, setAnswered] = React.useState<{ request: string; cams: Cam[] } | null>(null);
  React.useEffect(() => {
    if (!enabled) return;
    let live = true;
    api.xcams({ gender, min_age: bucket?.min, max_age: bucket?.max }).then(
      (answer) => live && setAnswered({ request, cams: Object.values(answer.cams) }),
      (error) => console.error('webcam tiles could not be loaded', error),
    );
    return () => {
      live = false;
    };
  }, [api, enabled, gender, bucket?.min, bucket?.max, request]);
  return enabled && answered?.request === request ? answered.cams : NO_CAMS;
}
