import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SETTLE_MS } from '../../lib/settle';
import { PriceFilter } from './price-filter';

type Range = { minPrice: number | null; maxPrice: number | null };

/** The store as it uses the filter: the applied range comes back as the filter's props, as the address would. */
function Store({ onApply }: { onApply: (r: Range) => void }) {
  const [range, setRange] = useState<Range>({ minPrice: null, maxPrice: null });
  return (
    <PriceFilter
      min={range.minPrice}
      max={range.maxPrice}
      keep={[['category', 'Laptops']]}
      onApply={(r) => {
        onApply(r);
        setRange(r);
      }}
    />
  );
}

describe('the price filter', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());
  const typist = () => userEvent.setup({ delay: 120, advanceTimers: vi.advanceTimersByTime });

  it('holds "20000" typed key by key and applies it once, when the typing pauses', async () => {
    const onApply = vi.fn();
    render(<Store onApply={onApply} />);
    const to = screen.getByLabelText('To');
    await typist().type(to, '20000');
    expect(onApply).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(SETTLE_MS));
    expect(onApply).toHaveBeenCalledTimes(1);
    expect(onApply).toHaveBeenCalledWith({ minPrice: null, maxPrice: 20000 });
    expect(to).toHaveValue(20000);
    expect(to).toHaveFocus();
  });

  it('applies at once when the field is left or Enter is pressed, and not again', async () => {
    const onApply = vi.fn();
    render(<Store onApply={onApply} />);
    const user = typist();
    await user.type(screen.getByLabelText('From'), '5000{Enter}');
    expect(onApply).toHaveBeenCalledWith({ minPrice: 5000, maxPrice: null });
    await user.type(screen.getByLabelText('To'), '9000');
    await user.tab();
    expect(onApply).toHaveBeenLastCalledWith({ minPrice: 5000, maxPrice: 9000 });
    await act(() => vi.advanceTimersByTimeAsync(SETTLE_MS * 2));
    expect(onApply).toHaveBeenCalledTimes(2);
  });

  it('is a form the server understands before the app starts: the other filters kept, min and max named', () => {
    render(<Store onApply={vi.fn()} />);
    const form = screen.getByRole('button', { name: 'Apply' }).closest('form')!;
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/product');
    expect([...new FormData(form).keys()]).toEqual(['category', 'min', 'max']);
  });
});
