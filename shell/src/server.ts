// The shell's server entry (rspack.base.js serverVariant; loaded by scripts/serve/render.mjs).
// Async boundary, as in the browser entry: the federation runtime negotiates the shared singletons
// (react, react-dom/server, the contract) before the renderer's modules run.
import type { RenderInput, RenderResult } from './serverRender';

export type { RenderInput, RenderResult };

/** The one rule for bots (pages/bots.ts), for the front server's render keys. */
export { isBot } from './pages/bots';

export function renderPage(input: RenderInput): Promise<RenderResult | null> {
  return import('./serverRender').then((m) => m.renderPage(input));
}
