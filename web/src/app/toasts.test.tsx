import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-hot-toast/headless';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

  // On a phone the stack covered the header's cart and menu: on wide screens it sits below the header.
  it('sit below the header, however tall it is', async () => {
    let resized: () => void = () => {};
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          resized = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    const header = document.createElement('header');
    header.className = 'site-header';
    let height = 167;
    header.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 0, width: 1280, height });
    document.body.prepend(header);
    try {
      render(<Toasts />);
      act(() => {
        toast.success('Product Added To Cart');
      });
      const toaster = (await screen.findByRole('status')).parentElement!;
      act(() => resized());
      expect(toaster.style.getPropertyValue('--header-bottom')).toBe('167px');
      height = 205;
      act(() => resized());
      expect(toaster.style.getPropertyValue('--header-bottom')).toBe('205px');
    } finally {
      header.remove();
      vi.unstubAllGlobals();
    }
  });

  it('wait while the window is in the background, then close after 5 s', () => {
    vi.useFakeTimers();
    try {
      render(<Toasts />);
      act(() => {
        toast.success('Product Added To Cart');
      });
      act(() => {
        window.dispatchEvent(new Event('blur'));
        vi.advanceTimersByTime(10_000);
      });
      expect(screen.getByRole('status')).toHaveTextContent('Product Added To Cart');
      act(() => {
        window.dispatchEvent(new Event('focus'));
        vi.advanceTimersByTime(5_100);
      });
      expect(screen.queryByText('Product Added To Cart')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
