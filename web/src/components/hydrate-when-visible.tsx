import { type ReactNode, Suspense, use, useEffect, useLayoutEffect, useRef } from 'react';

/**
 * A section below the fold of a server-rendered page hydrates when it is about to be seen, not with the rest
 * of the page: its server HTML shows at once, and its components (product cards, reviews) run only when the
 * shopper scrolls near it, points at it, touches it or tabs into it. The page's first hydration is then
 * the part a shopper sees first, in fewer and shorter tasks.
 *
 * How: the section is a Suspense boundary whose content, during the page's first hydration only, waits on a
 * promise that opens when the section nears the viewport (an IntersectionObserver) or is touched. React
 * leaves a waiting boundary's server HTML in place and hydrates it when the promise resolves. A section
 * rendered once the shopper has navigated (a page rendered in the browser) never waits.
 *
 * React client-renders a waiting boundary that receives an update before it is hydrated (its HTML would be
 * replaced by the fallback): an update from above therefore opens the section first, and a section leaving
 * the page opens too, so that nothing waits on an element that is gone.
 */

interface Gate {
  element: Element;
  promise: Promise<void>;
  opened: boolean;
  open: () => void;
}

const gates = new Map<string, Gate>();
/** Sections that must not wait (an update reached them before their gate was made): their gate is never made. */
const noWait = new Set<string>();
/** Names of sections hydrated, or mounted in the browser: a render of one of them is an update from above. */
const live = new Set<string>();
let firstHydration = false;

/** Called by the app just before it hydrates a server-rendered page (src/boot.tsx). */
export function startFirstHydration(): void {
  firstHydration = true;
}

/**
 * Called when the shopper first leaves the server-rendered page (a client-side navigation starts): sections
 * mounted from now on render at once, and those still waiting open. React hydrates a page's Suspense
 * boundaries after it commits the rest, so the first hydration lasts until then; and a navigation is a
 * transition, which would wait on a boundary that cannot hydrate if it reached one (a context it reads changed).
 */
export function endFirstHydration(): void {
  if (!firstHydration) return;
  firstHydration = false;
  for (const gate of gates.values()) gate.open();
}

/**
 * The events that show a shopper is about to use a section: they open it before their click arrives. Heard on
 * the window in the capture phase, before React's own listeners on the root: React stops the propagation of
 * an event aimed at a boundary it cannot hydrate yet, so a listener on the section itself would never hear it.
 */
const INTENT = ['pointerdown', 'touchstart', 'mouseover', 'focusin', 'keydown', 'click'] as const;
let listening = false;

function onIntent(event: Event) {
  const target = event.target;
  if (!(target instanceof Node)) return;
  for (const gate of gates.values()) if (!gate.opened && gate.element.contains(target)) gate.open();
}

function gateFor(name: string): Gate | undefined {
  const known = gates.get(name);
  if (known || !firstHydration || noWait.has(name) || typeof document === 'undefined') return known;
  const element = [...document.querySelectorAll('[data-hydrate-when-visible]')].find(
    (e) => e.getAttribute('data-hydrate-when-visible') === name,
  );
  if (!element || typeof IntersectionObserver === 'undefined') return undefined;
  // A wrapper of `display: contents` has no box of its own to be seen: its content's first element stands for it.
  const watched = element.classList.contains('hydrate-contents') ? (element.firstElementChild ?? element) : element;
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && gate.open(), {
    rootMargin: '400px 0px',
  });
  const gate: Gate = {
    element,
    promise,
    opened: false,
    open: () => {
      if (gate.opened) return;
      gate.opened = true;
      observer.disconnect();
      // Marked settled as React reads a thenable: use() then returns at once instead of suspending a last time.
      void Object.assign(promise, { status: 'fulfilled', value: undefined });
      resolve();
    },
  };
  observer.observe(watched);
  if (!listening) {
    listening = true;
    for (const type of INTENT) window.addEventListener(type, onIntent, { capture: true, passive: true });
  }
  gates.set(name, gate);
  return gate;
}

function Waiting({ name, children }: { name: string; children: ReactNode }) {
  const gate = gateFor(name);
  // Called whenever there is a gate, open or not (React asks that use() be called alike on every render).
  if (gate) use(gate.promise);
  return children;
}

/**
 * `name` is unique on the page (it finds the section's server HTML). With `contents`, the wrapper takes no
 * part in the layout (`display: contents`): a card among a grid's items stays one of them.
 */
export function HydrateWhenVisible({ name, contents = false, children }: { name: string; contents?: boolean; children: ReactNode }) {
  const wrapper = useRef<HTMLDivElement>(null);
  // Rendered again after it was live: an update from above, which a waiting boundary must not receive.
  if (live.has(name)) {
    const gate = gates.get(name);
    if (gate) gate.open();
    else noWait.add(name);
  }
  // A gate made on other HTML than this wrapper's (React rendered the page anew in the browser, and the
  // server's HTML it found is gone) would wait on an element nobody sees: it opens.
  useLayoutEffect(() => {
    const gate = gates.get(name);
    if (gate && (gate.element !== wrapper.current || !gate.element.isConnected)) gate.open();
  });
  useEffect(() => {
    live.add(name);
    return () => {
      live.delete(name);
      noWait.delete(name);
      gates.get(name)?.open();
      gates.delete(name);
    };
  }, [name]);
  return (
    <div ref={wrapper} data-hydrate-when-visible={name} className={contents ? 'hydrate-contents' : undefined}>
      <Suspense fallback={null}>
        <Waiting name={name}>{children}</Waiting>
      </Suspense>
    </div>
  );
}
