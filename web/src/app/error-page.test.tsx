import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { describeError, ErrorPage } from './error-page';

describe('the router error page', () => {
  it('describes a response by status and status text, an error by its message, anything else serialised', () => {
    expect(describeError(new Error('boom'))).toBe('boom');
    expect(describeError({ reason: 'x' })).toBe('{"reason":"x"}');
  });

  it("shows 'Unexpected Application Error!' with the status of a thrown response", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter([
      {
        path: '/',
        errorElement: <ErrorPage />,
        loader: () => {
          throw new Response('', { status: 503, statusText: 'Service Unavailable' });
        },
        element: <p>never</p>,
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('503 Service Unavailable')).toBeInTheDocument();
  });

  it('shows the message of an error thrown while rendering', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = () => {
      throw new Error('the product could not be drawn');
    };
    const router = createMemoryRouter([{ path: '/', errorElement: <ErrorPage />, element: <Broken /> }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('the product could not be drawn')).toBeInTheDocument();
  });
});
