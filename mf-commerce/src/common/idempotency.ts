import * as React from 'react';
import { newIdempotencyKey } from '@dating/shared/schemas';

/**
 * The idempotency keys of one checkout form (docs/payments.md, "Idempotency"): the same request
 * from this form (a double click, a retry after a lost answer) gets the same key, so the server
 * answers it once; another request (another method or code) gets a key of its own. A new form
 * (another visit of the page) starts with new keys.
 */
export function useIdempotencyKeys(): (request: unknown) => string {
  const keys = React.useRef(new Map<string, string>());
  return React.useCallback((request: unknown) => {
    const signature = JSON.stringify(request);
    let key = keys.current.get(signature);
    if (!key) {
      key = newIdempotencyKey();
      keys.current.set(signature, key);
    }
    return key;
  }, []);
}
