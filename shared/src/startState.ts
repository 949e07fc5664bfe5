// What the front server (scripts/serve/inject.mjs) writes into the shell's page so that start-up
// needs no request: the answers of settings.php, remotes.php and user.php for this visitor, as a
// JSON script element. This file has no imports: Node runs it as it is on the server side.

/** Id of the `<script type="application/json">` element holding the start state. */
export const START_STATE_ELEMENT_ID = 'shell-start';

/**
 * The start state, each part only when the API answered it: `settings` (settings.php), `registry`
 * (remotes.php), `user` (user.php, with the visitor's cookie). The shell validates each part with
 * the contract's schema and fetches a part that is missing or invalid, as without the element.
 */
export interface StartStateJson {
  settings?: unknown;
  registry?: unknown;
  user?: unknown;
  /**
   * The page's `#root` holds the server's rendering of a public page (scripts/serve/render.mjs):
   * the remote whose view it shows and the view's data (TanStack Query's dehydrated state), which the
   * browser hydrates instead of rendering and fetching again; on the 404 page no remote, and
   * whether it was rendered for a bot (`bot`, the same answer the browser then renders with).
   */
  rendered?: { remote: string | null; queries: unknown; bot?: boolean };
}

/**
 * The element's text for a start state: JSON with `<` (and the two JavaScript line separators)
 * escaped, so that no value can end the script element (`</script>`) or open a comment.
 */
export function startStateText(state: StartStateJson): string {
  return JSON.stringify(state).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
