// Taking over a prerendered page. For a logged-out visitor the front server
// (scripts/serve/prerender.mjs) may answer a public page with its HTML already rendered inside
// `<div id="root" data-prerendered>`. The client then renders into a hidden element beside it and
// swaps the two in one frame once its first view has settled, so the visitor never sees "Loading…"
// or a layout shift. Without a prerendered page the client renders into #root as before.

/** The element the client renders into while the prerendered page is on screen. */
export const LIVE_ROOT_ID = 'root-live';
/** Set on <html> once the first view has settled (the prerenderer waits for it). */
export const SETTLED_ATTRIBUTE = 'data-view-settled';
/**
 * Set on <html> once the page's title is written (its titles load after start-up, routing/router.tsx):
 * the prerenderer waits for it too, so a prerendered page carries its own title.
 */
export const TITLED_ATTRIBUTE = 'data-page-titled';
/**
 * The <template> in which a prerendered page's start-up hints (`<link rel="preload">` of the
 * shell's and the route's files) wait until the page has painted (scripts/serve/prerender.mjs).
 */
export const STARTUP_HINTS_ID = 'startup-hints';
/**
 * Out of sight and out of the accessibility tree, at the page's width. `content-visibility:
 * hidden` spares the browser styling and laying out the hidden page after every render while the
 * app starts: it is laid out once, at the swap. What a component measures is still laid
 * out on demand.
 */
const HOLD_STYLE = 'position:absolute;top:0;left:0;right:0;visibility:hidden;content-visibility:hidden;pointer-events:none';

/** On the prerendered root: the name of the field the visitor was in when the app started. */
const FOCUSED_FIELD = 'data-focused-field';
/**
 * On the prerendered root: the index of the form the visitor submitted before the app had started
 * (set by shell/public/prerender-start.js, which holds the browser's own submit).
 */
const PENDING_SUBMIT = 'data-pending-submit';

/**
 * The element to render the app into. With a prerendered page: a hidden sibling of it, and the
 * prerendered page becomes inert (what is typed there now would be lost at the swap). The field the
 * visitor was in is noted, to be focused again in the app's page at the swap.
 */
export function holdPrerendered(doc: Document = document): HTMLElement {
  const root = doc.getElementById('root')!;
  if (!root.hasAttribute('data-prerendered')) return root;
  const existing = doc.getElementById(LIVE_ROOT_ID);
  if (existing) return existing;
  const focused = doc.activeElement;
  if (focused && root.contains(focused) && focused.getAttribute('name')) root.setAttribute(FOCUSED_FIELD, focused.getAttribute('name')!);
  root.inert = true;
  const live = doc.createElement('div');
  live.id = LIVE_ROOT_ID;
  live.setAttribute('style', HOLD_STYLE);
  root.after(live);
  return live;
}

/** Something in the element still loads: a skeleton, a "Loading…" status, a view being mounted. */
export function isBusy(el: Element): boolean {
  return el.childElementCount === 0 || el.querySelector('[aria-busy="true"], [data-mounting]') !== null;
}

/**
 * Resolves once the app in `el` has rendered its first view: content, nothing busy, `isIdle()`
 * (no query fetching), and no DOM change for `quietMs`; at the latest after `maxMs`.
 */
export function whenSettled(el: Element, isIdle: () => boolean, { quietMs = 120, maxMs = 10_000 } = {}): Promise<void> {
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      clearTimeout(limit);
      resolve();
    };
    const check = () => {
      clearTimeout(timer);
      timer = setTimeout(() => (isBusy(el) || !isIdle() ? check() : done()), quietMs);
    };
    const observer = new MutationObserver(check);
    observer.observe(el, { childList: true, subtree: true, attributes: true, characterData: true });
    const limit = setTimeout(done, maxMs);
    check();
  });
}

type TextField = HTMLInputElement | HTMLTextAreaElement;
const UNCARRIED_TYPES = new Set(['checkbox', 'radio', 'file', 'hidden', 'submit', 'button', 'reset', 'image']);
const CHOICE_TYPES = new Set(['checkbox', 'radio']);

/**
 * What the visitor typed, ticked or chose in the prerendered page's fields before the app started
 * (the page is usable without script) goes into the app's same fields (by name; a box or option by
 * name and value), as the visitor's own input would: nothing is lost at the swap. A field the app
 * already changed keeps its own value.
 */
export function carryInput(from: Element, to: Element): void {
  for (const field of from.querySelectorAll<TextField>('input[name], textarea[name]')) {
    if (CHOICE_TYPES.has(field.type)) {
      carryChoice(field as HTMLInputElement, to);
      continue;
    }
    if (UNCARRIED_TYPES.has(field.type) || field.value === field.defaultValue) continue;
    const target = [...to.querySelectorAll<TextField>(`${field.localName}[name]`)].find((f) => f.name === field.name);
    if (!target || target.value !== target.defaultValue) continue;
    // React keeps its own copy of the value: set it through the element's own setter and tell it.
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(target) as object, 'value')?.set?.call(target, field.value);
    target.dispatchEvent(new Event('input', { bubbles: true }));
  }
  for (const select of from.querySelectorAll<HTMLSelectElement>('select[name]')) {
    const chosen = select.selectedOptions[0];
    if (!chosen || chosen.defaultSelected) continue;
    const target = [...to.querySelectorAll<HTMLSelectElement>('select[name]')].find((f) => f.name === select.name);
    if (!target || target.value === chosen.value || ![...target.options].some((o) => o.value === chosen.value)) continue;
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set?.call(target, chosen.value);
    target.dispatchEvent(new Event('change', { bubbles: true }));
  }
}

/** A box ticked (or unticked) or an option chosen: the app's same one is clicked, as the visitor did. */
function carryChoice(field: HTMLInputElement, to: Element): void {
  if (field.checked === field.defaultChecked) return;
  const target = [...to.querySelectorAll<HTMLInputElement>(`input[type="${field.type}"][name]`)].find((f) => f.name === field.name && f.value === field.value);
  if (!target || target.checked !== target.defaultChecked || target.checked === field.checked) return;
  target.click();
}

/** Puts the client's page in place of the prerendered one, in one frame. */
export function releasePrerendered(doc: Document = document): void {
  doc.documentElement.setAttribute(SETTLED_ATTRIBUTE, '');
  const live = doc.getElementById(LIVE_ROOT_ID);
  const prerendered = doc.querySelector('#root[data-prerendered]');
  if (!live || !prerendered) return;
  carryInput(prerendered, live);
  const focused = prerendered.getAttribute(FOCUSED_FIELD);
  const pending = prerendered.getAttribute(PENDING_SUBMIT);
  prerendered.remove();
  live.removeAttribute('style');
  live.id = 'root';
  // The visitor goes on where they were: in the same field, and a form they already sent is sent.
  if (focused) [...live.querySelectorAll<HTMLElement>('[name]')].find((f) => f.getAttribute('name') === focused)?.focus();
  if (pending !== null) live.querySelectorAll('form')[Number(pending)]?.requestSubmit();
}

/**
 * Lets the start-up hints of a prerendered page fetch now: they move from their inert <template>
 * into <head>, so the files the app needs next load side by side (no waterfall).
 */
export function releaseStartupHints(doc: Document = document): void {
  const held = doc.getElementById(STARTUP_HINTS_ID);
  if (!(held instanceof HTMLTemplateElement)) return;
  doc.head.append(held.content);
  held.remove();
}
