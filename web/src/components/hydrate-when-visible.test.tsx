import { act, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endFirstHydration, HydrateWhenVisible, startFirstHydration } from './hydrate-when-visible';

// A section below the fold hydrates when it is seen or touched; until then its server HTML stays as it is.

let seen: ((visible: boolean) => void)[] = [];
class Observer {
  constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {
    seen.push((visible) => this.callback([{ isIntersecting: visible }]));
  }
  observe() {}
  disconnect() {}
}

const hydrated = (el: Element | null) => el !== null && Object.keys(el).some((k) => k.startsWith('__reactFiber'));
let container: HTMLDivElement;
let root: Root | undefined;
let setLabel: (label: string) => void = () => {};

function Page({ first }: { first: string }) {
  const [label, set] = useState(first);
  setLabel = set;
  return (
    <main>
      <p>{label}</p>
      <HydrateWhenVisible name="rows">
        <button type="button" onClick={() => set('tapped')}>
          {label === 'tapped' ? 'tapped' : 'row'}
        </button>
      </HydrateWhenVisible>
    </main>
  );
}

async function hydrate(server: string, browser: string) {
  container.innerHTML = renderToString(<Page first={server} />);
  startFirstHydration();
  await act(async () => {
    root = hydrateRoot(container, <Page first={browser} />, { onRecoverableError: () => undefined });
  });
}

beforeEach(() => {
  seen = [];
  vi.stubGlobal('IntersectionObserver', Observer);
  container = document.createElement('div');
  document.body.append(container);
});
afterEach(async () => {
  await act(async () => root?.unmount());
  endFirstHydration();
  container.remove();
  vi.unstubAllGlobals();
});

describe('a section that hydrates when seen', () => {
  it('keeps its server HTML unhydrated until it comes into view', async () => {
    await hydrate('home', 'home');
    const button = container.querySelector('button');
    expect(button?.textContent).toBe('row');
    expect(hydrated(button)).toBe(false);
    expect(hydrated(container.querySelector('p'))).toBe(true);
    await act(async () => seen.forEach((see) => see(true)));
    expect(hydrated(container.querySelector('button'))).toBe(true);
  });

  it('answers the first tap on it while it still waits', async () => {
    await hydrate('home', 'home');
    const button = container.querySelector('button') as HTMLButtonElement;
    await act(async () => {
      button.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
      button.click();
    });
    expect(container.querySelector('p')?.textContent).toBe('tapped');
  });

  it('hydrates before an update from above reaches it, rather than losing its HTML', async () => {
    await hydrate('home', 'home');
    await act(async () => setLabel('changed'));
    expect(container.querySelector('p')?.textContent).toBe('changed');
    expect(container.querySelector('button')?.textContent).toBe('row');
  });

  it('is shown when React had to render the page anew instead of hydrating it (never left blank)', async () => {
    await hydrate('server', 'browser');
    expect(container.querySelector('p')?.textContent).toBe('browser');
    await vi.waitFor(() => expect(container.querySelector('button')?.textContent).toBe('row'));
  });
});
