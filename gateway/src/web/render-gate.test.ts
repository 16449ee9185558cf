import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderGate } from './render-gate.js';

afterEach(() => vi.useRealTimers());

describe('the render gate', () => {
  it('lets in as many as it may at once, and the next in line as one leaves, in order', async () => {
    const gate = renderGate({ concurrency: 2, maxWaiting: 10, maxWaitMs: 60_000 });
    const a = await gate.enter();
    const b = await gate.enter();
    expect(a).toBeTypeOf('function');
    expect(b).toBeTypeOf('function');
    const admitted: string[] = [];
    const c = gate.enter().then((done) => (admitted.push('c'), done));
    const d = gate.enter().then((done) => (admitted.push('d'), done));
    await Promise.resolve();
    expect(admitted).toEqual([]);
    expect(gate.load).toEqual({ running: 2, waiting: 2 });
    a?.();
    const doneC = await c;
    expect(admitted).toEqual(['c']);
    // Leaving twice frees one place, not two.
    a?.();
    expect(gate.load).toEqual({ running: 2, waiting: 1 });
    b?.();
    const doneD = await d;
    expect(admitted).toEqual(['c', 'd']);
    doneC?.();
    doneD?.();
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('turns away a page when the line is full, when it waited too long, or when its client left', async () => {
    vi.useFakeTimers();
    const gate = renderGate({ concurrency: 1, maxWaiting: 2, maxWaitMs: 5_000 });
    const first = await gate.enter();
    const gone = new AbortController();
    const waitingLong = gate.enter();
    const leaving = gate.enter(gone.signal);
    expect(await gate.enter()).toBeNull();
    gone.abort();
    expect(await leaving).toBeNull();
    expect(gate.load).toEqual({ running: 1, waiting: 1 });
    vi.advanceTimersByTime(5_000);
    expect(await waitingLong).toBeNull();
    expect(gate.load).toEqual({ running: 1, waiting: 0 });
    first?.();
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
    expect(await gate.enter(AbortSignal.abort())).toBeTypeOf('function');
  });
});
