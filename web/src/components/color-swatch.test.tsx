import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ColorPicker } from './color-swatch';

const colors = [
  { id: 'c1', title: 'black' },
  { id: 'c2', title: 'silver' },
];

describe('the colour picker', () => {
  it('shows a sold-out colour struck through, named so, and never chosen', () => {
    const onChange = vi.fn();
    render(<ColorPicker colors={colors} soldOut={['c2']} value={null} onChange={onChange} />);
    const silver = screen.getByRole('radio', { name: 'silver (sold out)' });
    expect(silver).toBeDisabled();
    expect(silver).toHaveClass('sold-out');
    fireEvent.click(silver);
    expect(onChange).not.toHaveBeenCalled();
    const black = screen.getByRole('radio', { name: 'black' });
    expect(black).toBeEnabled();
    fireEvent.click(black);
    expect(onChange).toHaveBeenCalledWith('c1');
  });
});
