import { MockedProvider, type MockedResponse } from '@apollo/client/testing';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { GraphQLError } from 'graphql';
import { CheckoutPageDocument } from './__generated__/checkout-page';
import { CheckoutQuoteDocument } from './__generated__/checkout-quote';
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
    // Eleven digits (a slip of the finger) are told in a sentence before anything is sent.
    await userEvent.clear(screen.getByPlaceholderText('Zipcode'));
    await userEvent.type(screen.getByPlaceholderText('Zipcode'), '39500312345', { delay: 5 });
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Shipping' }));
    expect(await screen.findByText('Pincode must be the 6 digits of an Indian PIN code')).toBeInTheDocument();
    // The courier's phone is optional (no message while blank), and when given it must be an Indian mobile number.
    expect(screen.queryByText(/^Phone must be/)).not.toBeInTheDocument();
    await userEvent.type(screen.getByPlaceholderText('Phone for delivery (optional)'), '12345', { delay: 5 });
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Shipping' }));
    expect(await screen.findByText('Phone must be an Indian mobile number: 10 digits, starting with 6, 7, 8 or 9')).toBeInTheDocument();
  });

  it("fills the courier's phone with the profile's mobile number, and leaves a phone typed first alone", async () => {
    const withMobile: MockedResponse = {
      request: { query: CheckoutPageDocument },
      result: {
        data: {
          cart: { __typename: 'Cart', id: 'c1', lineCount: 0, subtotal: 0, shipping: 100, total: 100, lines: [] },
          shopInfo: { __typename: 'ShopInfo', name: 'Digitic', paymentKeyId: 'k', checkoutScriptUrl: '/x.js' },
          me: { __typename: 'Customer', id: 'u1', firstname: 'Asha', lastname: 'P', email: 'a@b.c', mobile: '9825012345' },
        },
      },
    };
    const { unmount } = render(
      <MockedProvider mocks={[withMobile]}>
        <MemoryRouter>
          <CheckoutPage />
        </MemoryRouter>
      </MockedProvider>,
    );
    await screen.findByText('Asha P (a@b.c)');
    expect(screen.getByPlaceholderText('Phone for delivery (optional)')).toHaveValue('9825012345');
    unmount();

    render(
      <MockedProvider mocks={[{ ...withMobile, delay: 300 }]}>
        <MemoryRouter>
          <CheckoutPage />
        </MemoryRouter>
      </MockedProvider>,
    );
    await userEvent.type(screen.getByPlaceholderText('Phone for delivery (optional)'), '+91 70000 11111', { delay: 5 });
    await screen.findByText('Asha P (a@b.c)');
    expect(screen.getByPlaceholderText('Phone for delivery (optional)')).toHaveValue('+91 70000 11111');
  });
});

describe('the coupon in the order summary', () => {
  const page: MockedResponse = {
    request: { query: CheckoutPageDocument },
    result: {
      data: {
        cart: {
          __typename: 'Cart',
          id: 'c1',
          lineCount: 1,
          subtotal: 2000,
          shipping: 100,
          total: 2100,
          lines: [
            {
              __typename: 'CartLine',
              id: 'l1',
              quantity: 2,
              unitPrice: 1000,
              lineTotal: 2000,
              color: { __typename: 'Color', id: 'k1', title: 'black' },
              product: { __typename: 'Product', id: 'p1', title: 'Headphones', images: [] },
            },
          ],
        },
        shopInfo: { __typename: 'ShopInfo', name: 'Digitic', paymentKeyId: 'k', checkoutScriptUrl: '/x.js' },
        me: { __typename: 'Customer', id: 'u1', firstname: 'Asha', lastname: 'P', email: 'a@b.c', mobile: null },
      },
    },
  };
  const quote = (couponCode: string, result: MockedResponse['result']): MockedResponse => ({
    request: { query: CheckoutQuoteDocument, variables: { couponCode } },
    result,
  });
  const show = (mocks: MockedResponse[]) =>
    render(
      <MockedProvider mocks={[page, ...mocks]}>
        <MemoryRouter>
          <CheckoutPage />
        </MemoryRouter>
      </MockedProvider>,
    );

  it('shows what the server priced the coupon at, and takes it off the total; Remove puts the total back', async () => {
    show([
      quote('WINTER10', {
        data: {
          checkoutQuote: {
            __typename: 'CheckoutQuote',
            subtotal: 2000,
            shipping: 100,
            total: 2100,
            coupon: { __typename: 'AppliedCoupon', code: 'WINTER10', discount: 200 },
            discount: 200,
            totalAfterDiscount: 1900,
          },
        },
      }),
    ]);
    const summary = await screen.findByRole('complementary', { name: 'Order summary' });
    await screen.findByText('Headphones');
    await userEvent.type(screen.getByLabelText('Coupon code'), ' winter10 ');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Discount (WINTER10)')).toBeInTheDocument();
    expect(summary).toHaveTextContent('Coupon WINTER10 applied');
    expect(summary).toHaveTextContent(/Total\s*Rs\.\s*1,900/);
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.queryByText('Discount (WINTER10)')).not.toBeInTheDocument();
    expect(summary).toHaveTextContent(/Total\s*Rs\.\s*2,100/);
  });

  it("says why a coupon cannot be used, in the server's words, and checks the code's shape first", async () => {
    show([quote('SPENT', { errors: [new GraphQLError('The coupon SPENT has been used up', { extensions: { code: 'CONFLICT' } })] })]);
    await screen.findByText('Headphones');
    await userEvent.type(screen.getByLabelText('Coupon code'), 'no!');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A coupon code is 3 to 32 letters, digits, - or _');
    await userEvent.clear(screen.getByLabelText('Coupon code'));
    await userEvent.type(screen.getByLabelText('Coupon code'), 'spent');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('The coupon SPENT has been used up')).toBeInTheDocument();
    expect(screen.queryByText(/Discount \(/)).not.toBeInTheDocument();
  });
});
