import { MockedProvider, type MockedResponse } from '@apollo/client/testing';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { CheckoutPageDocument } from './__generated__/checkout-page';
import { CheckoutPage } from './checkout-page';

describe('checkout form validation messages (spec §5)', () => {
  it('checkout address', async () => {
    const checkout: MockedResponse = {
      request: { query: CheckoutPageDocument },
      result: {
        data: {
          cart: { __typename: 'Cart', id: 'c1', lineCount: 0, subtotal: 0, shipping: 100, total: 100, lines: [] },
          shopInfo: { __typename: 'ShopInfo', name: 'Digitic', paymentKeyId: 'k', checkoutScriptUrl: '/x.js' },
          me: { __typename: 'Customer', id: 'u1', firstname: 'Asha', lastname: 'P', email: 'a@b.c', mobile: null },
        },
      },
    };
    render(
      <MockedProvider mocks={[checkout]}>
        <MemoryRouter>
          <CheckoutPage />
        </MemoryRouter>
      </MockedProvider>,
    );
    await screen.findByText('Asha P (a@b.c)');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Shipping' }));
    for (const m of [
      'First Name is Required',
      'Last Name is Required',
      'Address Details are Required',
      'S tate is Required',
      'city is Required',
      'country is Required',
      'Pincode is Required',
    ]) {
      expect(await screen.findByText(m)).toBeInTheDocument();
    }
    expect(screen.getByRole('option', { name: 'India' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Gujarat' })).toBeInTheDocument();
    await userEvent.type(screen.getByPlaceholderText('Zipcode'), '-5');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Shipping' }));
    expect(await screen.findByText('Pincode must be a positive whole number')).toBeInTheDocument();
  });
});
