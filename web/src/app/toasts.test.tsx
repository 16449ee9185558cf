import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-hot-toast/headless';
import { afterEach, describe, expect, it } from 'vitest';
import Toasts from './toasts';

afterEach(() => {
  act(() => toast.remove());
});

describe('toasts', () => {
  it('show a message and close on click', async () => {
    render(<Toasts />);
    act(() => {
      toast.success('Product Added To Cart');
    });
    const item = await screen.findByText('Product Added To Cart');
    await userEvent.click(item);
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(screen.queryByText('Product Added To Cart')).not.toBeInTheDocument();
  });

  it('use role alert for errors', async () => {
    render(<Toasts />);
    act(() => {
      toast.error('Something Went Wrong!');
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something Went Wrong!');
  });
});
