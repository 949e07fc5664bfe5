// Async boundary: the federation runtime negotiates shared singletons before the app runs.
import { holdPrerendered, LIVE_ROOT_ID, releaseStartupHints } from './prerender/takeover';

// A prerendered page stays on screen (inert) while the app renders beside it, hidden. It is
// complete without any script, so the app starts once the page and its images have painted: its
// work then never delays the first (and largest) paint, and its files (the hints held back by the
// front server) do not share the bandwidth with the first screen.
if (holdPrerendered().id === LIVE_ROOT_ID) {
  const start = () =>
    requestAnimationFrame(() =>
      setTimeout(() => {
        releaseStartupHints();
        void import(/* webpackChunkName: "bootstrap" */ './bootstrap');
      }, 0),
    );
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
} else {
  import(/* webpackChunkName: "bootstrap" */ './bootstrap');
}
