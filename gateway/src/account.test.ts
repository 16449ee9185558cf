import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestGateway, type TestGateway } from './test/harness.js';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

const firstProductId = async () =>
  (
    await gw.gql<{ products: { items: { id: string }[] } }>('{ products(pageSize: 3, sort: PRICE_ASC) { items { id } } }')
  ).data?.products.items.map((p) => p.id) ?? [];

describe('accounts', () => {
  it('registers, signs in and tells who is signed in', async () => {
    const { token, id, email } = await signUp(gw);
    const me = await gw.gql('{ me { id firstname lastname email mobile } }', {}, token);
    expect(me.data).toEqual({ me: { id, firstname: 'Asha', lastname: 'Patel', email, mobile: '9876543210' } });
    expect((await gw.gql('{ me { id } }')).data).toEqual({ me: null });
  });

  it('answers a wrong password with UNAUTHENTICATED and the server message', async () => {
    const { email } = await signUp(gw);
    const res = await gw.gql('mutation { login(input: { email: "' + email + '", password: "wrong-password" }) { token } }');
    expect(res.errors?.[0]).toMatchObject({ message: 'Invalid email or password', extensions: { code: 'UNAUTHENTICATED' } });
  });

  it('maps invalid input to BAD_USER_INPUT naming the field, and a duplicate e-mail to CONFLICT', async () => {
    const bad = await gw.gql('mutation { register(input: { firstname: "A", email: "not-an-email", password: "longenough" }) { id } }');
    expect(bad.errors?.[0]).toMatchObject({ message: 'Email Should be valid', extensions: { code: 'BAD_USER_INPUT', field: 'email' } });
    const { email } = await signUp(gw);
    const dup = await gw.gql('mutation($e: String!) { register(input: { firstname: "A", email: $e, password: "longenough" }) { id } }', {
      e: email,
    });
    expect(dup.errors?.[0]?.extensions.code).toBe('CONFLICT');
  });

  it('updates the profile and returns a fresh token', async () => {
    const { token, id } = await signUp(gw);
    const res = await gw.gql<{ updateProfile: { token: string; customer: { id: string; firstname: string } } }>(
      'mutation($i: ProfileInput!) { updateProfile(input: $i) { token customer { id firstname lastname email mobile } } }',
      {
        i: {
          firstname: 'Asha',
          lastname: 'Rao',
          email: `rao.${Date.now()}@example.com`,
          mobile: '9123456780',
          currentPassword: 'correct horse battery',
        },
      },
      token,
    );
    expect(res.data?.updateProfile.customer).toMatchObject({ id, firstname: 'Asha' });
    expect((await gw.gql('{ me { lastname } }', {}, res.data?.updateProfile.token)).data).toEqual({ me: { lastname: 'Rao' } });
    const guest = await gw.gql(
      'mutation { updateProfile(input: { firstname: "a", lastname: "b", email: "a@b.co", mobile: "1" }) { token } }',
    );
    expect(guest.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
  });

  it('resets a forgotten password with the e-mailed token', async () => {
    const { email, token: oldToken } = await signUp(gw);
    const asked = await gw.gql('mutation($e: String!) { requestPasswordReset(email: $e) { message } }', { e: email });
    const unknown = await gw.gql('mutation { requestPasswordReset(email: "nobody.here@example.com") { message } }');
    expect(asked.data).toEqual(unknown.data);
    const mail = (await gw.api.outbox()).find((m) => m.to === email);
    const resetToken = /reset-password\/([\w-]+)/.exec(mail?.text ?? '')?.[1];
    const reset = await gw.gql('mutation($i: ResetPasswordInput!) { resetPassword(input: $i) { message } }', {
      i: { token: resetToken, password: 'a whole new password' },
    });
    expect(reset.errors).toBeUndefined();
    const again = await gw.gql('mutation($i: ResetPasswordInput!) { resetPassword(input: $i) { message } }', {
      i: { token: resetToken, password: 'another new password' },
    });
    expect(again.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
    expect((await gw.gql('{ me { id } }', {}, oldToken)).errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
  });
});

describe('wishlist and reviews', () => {
  it('toggles the wishlist and reports it on products, per customer', async () => {
    const a = await signUp(gw);
    const b = await signUp(gw);
    const [p] = await firstProductId();
    const toggled = await gw.gql<{
      toggleWishlist: { wishlist: { id: string; products: { id: string }[] }; product: { id: string; inWishlist: boolean } };
    }>(
      'mutation($id: ID!) { toggleWishlist(productId: $id) { wishlist { id products { id title } } product { id inWishlist } } }',
      { id: p },
      a.token,
    );
    expect(toggled.data?.toggleWishlist).toEqual({
      wishlist: { id: a.id, products: [{ id: p, title: expect.any(String) }] },
      product: { id: p, inWishlist: true },
    });
    const mine = await gw.gql('{ wishlist { id products { id inWishlist } } }', {}, a.token);
    expect(mine.data).toEqual({ wishlist: { id: a.id, products: [{ id: p, inWishlist: true }] } });
    const theirs = await gw.gql('query($id: ID!) { product(id: $id) { inWishlist } }', { id: p }, b.token);
    expect(theirs.data).toEqual({ product: { inWishlist: false } });
    const back = await gw.gql(
      'mutation($id: ID!) { toggleWishlist(productId: $id) { wishlist { products { id } } product { inWishlist } } }',
      { id: p },
      a.token,
    );
    expect(back.data).toEqual({ toggleWishlist: { wishlist: { products: [] }, product: { inWishlist: false } } });
    expect((await gw.gql('{ wishlist { id } }')).errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
  });

  it('rates a product and returns it with the new mean', async () => {
    const a = await signUp(gw, 'Bina');
    const [, p] = await firstProductId();
    const res = await gw.gql<{
      rateProduct: { id: string; rating: number; reviewCount: number; reviews: { star: number; comment: string; authorName: string }[] };
    }>(
      'mutation($i: RateProductInput!) { rateProduct(input: $i) { id rating reviewCount reviews { star comment authorName } } }',
      { i: { productId: p, star: 4, comment: 'Solid build' } },
      a.token,
    );
    expect(res.data?.rateProduct).toMatchObject({
      id: p,
      rating: 4,
      reviewCount: 1,
      reviews: [{ star: 4, comment: 'Solid build', authorName: 'Bina' }],
    });
    const bad = await gw.gql(
      'mutation($i: RateProductInput!) { rateProduct(input: $i) { id } }',
      { i: { productId: p, star: 0, comment: 'x' } },
      a.token,
    );
    expect(bad.errors?.[0]).toMatchObject({ message: 'Please add star rating', extensions: { code: 'BAD_USER_INPUT' } });
  });
});

describe('contact form', () => {
  it('submits an enquiry, and names a bad field', async () => {
    const res = await gw.gql('mutation($i: EnquiryInput!) { submitEnquiry(input: $i) { id name email mobile comment status } }', {
      i: { name: 'Kiran', email: 'kiran@example.com', mobile: '9876543210', comment: 'Hello' },
    });
    expect(res.data).toEqual({
      submitEnquiry: {
        id: expect.any(String),
        name: 'Kiran',
        email: 'kiran@example.com',
        mobile: '9876543210',
        comment: 'Hello',
        status: 'Submitted',
      },
    });
    const bad = await gw.gql('mutation($i: EnquiryInput!) { submitEnquiry(input: $i) { id } }', {
      i: { name: 'Kiran', email: 'kiran@example.com', mobile: '', comment: 'Hello' },
    });
    expect(bad.errors?.[0]).toMatchObject({ message: 'Mobile No is Required', extensions: { code: 'BAD_USER_INPUT', field: 'mobile' } });
  });
});
