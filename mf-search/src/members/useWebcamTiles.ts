import * as React from 'react';
import type { ApiClient } from '@dating/shared';
import { ageBucket, type Filter } from './rules';
import type { Cam } from './WebcamTile';

/** Webcam tiles matching the filter (xcams/search), only when `enabled`; failures are only logged. */
export function useWebcamTiles(api: ApiClient, enabled: boolean, filter: Filter): Cam[] {
  const [cams, setCams] = React.useState<Cam[]>([]);
  const bucket = ageBucket(filter.age);
  const { gender } = filter;
  React.useEffect(() => {
    setCams([]);
    if (!enabled) return;
    let live = true;
    api.xcams({ gender, min_age: bucket?.min, max_age: bucket?.max }).then(
      (answer) => live && setCams(Object.values(answer.cams)),
      (error) => console.error('webcam tiles could not be loaded', error),
    );
    return () => {
      live = false;
    };
  }, [api, enabled, gender, bucket?.min, bucket?.max]);
  return cams;
}
