/* The start of a prerendered page (scripts/serve/prerender.mjs). Such a page is complete
 * without any script, so the front server holds the shell's own script and the start-up hints in
 * <template id="startup-hints"> (inert: nothing in it is fetched). This file, the page's only
 * script until then, lets them load once the page and its images have painted: nothing the app
 * fetches or runs delays the first (and largest) paint or shares the bandwidth with it. The app
 * then renders beside the page and takes over (shell/src/prerender/takeover.ts). Plain ES5, no
 * imports; the build emits it as prerender-start.<hash>.js and names it in startup.json. */
(function () {
  // Until the app has taken over, a form of the page has no script behind it: a submit (Enter in a
  // field, a click on its button) would be the browser's own, and send the fields to the page's
  // URL. It is held instead, and the app submits the same form once it has taken over (takeover.ts
  // reads data-pending-submit), with what was typed carried over.
  document.addEventListener(
    'submit',
    function (event) {
      var root = document.getElementById('root');
      if (!root || !root.hasAttribute('data-prerendered') || !root.contains(event.target)) return;
      event.preventDefault();
      root.setAttribute('data-pending-submit', String(Array.prototype.indexOf.call(root.querySelectorAll('form'), event.target)));
    },
    true,
  );
  function release() {
    var held = document.getElementById('startup-hints');
    if (!held || !held.content) return;
    held.parentNode.removeChild(held);
    var content = held.content;
    var scripts = Array.prototype.slice.call(content.querySelectorAll('script[src]'));
    for (var i = 0; i < scripts.length; i++) scripts[i].parentNode.removeChild(scripts[i]);
    // The hints first, so the files the app needs next load side by side (no waterfall).
    document.head.appendChild(content);
    // A script taken out of a template does not run: the same one, made here, does (in order).
    for (var j = 0; j < scripts.length; j++) {
      var script = document.createElement('script');
      script.src = scripts[j].getAttribute('src');
      script.async = false;
      document.head.appendChild(script);
    }
  }
  function afterPaint() {
    requestAnimationFrame(function () {
      setTimeout(release, 0);
    });
  }
  if (document.readyState === 'complete') afterPaint();
  else window.addEventListener('load', afterPaint, { once: true });
})();
