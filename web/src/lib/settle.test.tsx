import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SETTLE_MS, useSettle } from './settle';

describe('useSettle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('applies the newest value once, when typing pauses', () => {
    const apply = vi.fn();
    const { result } = renderHook(() => useSettle(apply));
    for (const v of ['2', '20', '200', '2000', '20000']) {
      act(() => result.current.settle(v));
      act(() => void vi.advanceTimersByTime(150));
    }
    expect(apply).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(SETTLE_MS));
    expect(apply).toHaveBeenCalledTimes(1);
    expect(apply).toHaveBeenCalledWith('20000');
  });

  it('applies at once on flush (leaving the field, Enter) and not again when the timer would have', () => {
    const apply = vi.fn();
    const { result } = renderHook(() => useSettle(apply));
    act(() => result.current.settle(12));
    act(() => result.current.flush());
    expect(apply).toHaveBeenCalledWith(12);
    act(() => void vi.advanceTimersByTime(SETTLE_MS * 2));
    act(() => result.current.flush());
    expect(apply).toHaveBeenCalledTimes(1);
  });

  it('drops a pending value on cancel and when the component goes', () => {
    const apply = vi.fn();
    const { result, unmount } = renderHook(() => useSettle(apply));
    act(() => result.current.settle(1));
    act(() => result.current.cancel());
    act(() => void vi.advanceTimersByTime(SETTLE_MS));
    act(() => result.current.settle(2));
    unmount();
    vi.advanceTimersByTime(SETTLE_MS);
    expect(apply).not.toHaveBeenCalled();
  });
});
