/**
 * @jest-environment node
 */
import * as React from 'react';
import { renderToHtml } from './renderToHtml';

/** A view loaded lazily, as a remote's views are: a Suspense boundary in the rendered page. */
function lazyPage(paragraphs: number) {
  const View = React.lazy(async () => ({
    default: () => (
      <main>
        {Array.from({ length: paragraphs }, (_, i) => (
          <p key={i}>{`Paragraph ${i}: a lander's copy, long enough to make a large page of its own.`}</p>
        ))}
      </main>
    ),
  }));
  return (
    <div id="outlet">
      <React.Suspense fallback={<p>Loading</p>}>
        <View />
      </React.Suspense>
    </div>
  );
}

describe('renderToHtml: a page rendered whole in Node', () => {
  it('keeps a large lazy view in place, with no inline script to reveal it (the CSP refuses those)', async () => {
    const html = await renderToHtml(lazyPage(400), 5_000);
    // Asserted as facts, not by matcher on the string: a failure would print 30 kB of HTML.
    expect({
      large: html.length > 20_000,
      inlineScript: html.includes('<script'),
      outlined: html.includes('hidden id="S:'),
      fallback: html.includes('Loading'),
      inPlace: /^<div id="outlet"><!--\$--><main><p>Paragraph 0: .*<p>Paragraph 399: [^<]*<\/p><\/main><!--\/\$--><\/div>$/.test(html),
    }).toEqual({ large: true, inlineScript: false, outlined: false, fallback: false, inPlace: true });
  });

  it('rejects when the tree throws', async () => {
    function Broken(): React.ReactNode {
      throw new Error('the view failed');
    }
    await expect(renderToHtml(<Broken />, 5_000)).rejects.toThrow('the view failed');
  });
});
