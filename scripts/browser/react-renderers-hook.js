// Development builds of the shell and of each standalone harness run this before anything else.
//
// Every remote brings its own React Refresh runtime, but React (a shared singleton) is loaded once,
// by the page's consumer, before any remote. A refresh runtime learns React's renderer either when
// the renderer injects itself into __REACT_DEVTOOLS_GLOBAL_HOOK__ or, when it comes later, from
// the hook's `renderers` map. The stand-in hook React Refresh creates never fills that map, so a
// remote's runtime never found the renderer: its hot updates were applied and nothing re-rendered.
// The React DevTools' own hook records renderers; this does the same when no DevTools are present.
(function recordReactRenderers(global) {
  let hook = global.__REACT_DEVTOOLS_GLOBAL_HOOK__;
  if (!hook) {
    let nextId = 0;
    hook = global.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      renderers: new Map(),
      supportsFiber: true,
      inject: () => nextId++,
      onScheduleFiberRoot() {},
      onCommitFiberRoot() {},
      onCommitFiberUnmount() {},
    };
  }
  if (hook.isDisabled || hook.__recordsRenderers) return;
  if (!(hook.renderers instanceof Map)) hook.renderers = new Map();
  const inject = hook.inject;
  hook.inject = function (renderer) {
    const id = inject.apply(this, arguments);
    if (!hook.renderers.has(id)) hook.renderers.set(id, renderer);
    return id;
  };
  hook.__recordsRenderers = true;
})(typeof globalThis !== 'undefined' ? globalThis : window);
