// A React tree to one HTML string in Node, for the pages the front server renders (serverRender.tsx).
import type * as React from 'react';
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';

/**
 * Renders a React tree to HTML once everything in it (lazy views, Suspense) is ready, every boundary
 * in place: React would otherwise outline a boundary of more than `progressiveChunkSize` bytes (12.8 kB
 * by default: a lazy view such as the map lander) and reveal it with an inline script, which the
 * site's CSP refuses and which a page rendered whole does not need.
 */
export function renderToHtml(element: React.ReactElement, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    let failed: unknown = null;
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        html += chunk.toString('utf8');
        done();
      },
      final(done) {
        if (failed) reject(failed instanceof Error ? failed : new Error(String(failed)));
        else resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      onAllReady: () => stream.pipe(sink),
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellError: reject,
      onError(error) {
        failed = error;
      },
    });
    setTimeout(() => stream.abort(new Error(`render timed out after ${timeoutMs} ms`)), timeoutMs).unref();
  });
}
