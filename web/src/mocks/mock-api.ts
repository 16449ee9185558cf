// The shop's GraphQL schema answered in the browser from memory, for the web app run alone
// (npm run dev:mock) and for tests: the real schema, the real documents, resolvers over demo data.
import { makeExecutableSchema } from '@graphql-tools/schema';
import { graphql, GraphQLError } from 'graphql';
import { accountKey } from '@digitic/shop-rules/attempts';
import { orderTotal, subtotal as subtotalOf } from '@digitic/shop-rules/money';
import { quantityProblem } from '@digitic/shop-rules/quantity';
import { SHIPPING_FEE } from '@digitic/shop-rules/shipping';
import { BLOGS, COLORS, type DemoProduct, MOCK_DISCLOSURES, picture, PRODUCTS } from './demo-data';

/** The storefront's schema: schema/storefront/*.graphql, one file a domain, in name order as one document. */
const schemaFiles = import.meta.glob<string>('../../../schema/storefront/*.graphql', { query: '?raw', import: 'default', eager: true });
const typeDefs = Object.keys(schemaFiles)
  .sort()
  .map((file) => schemaFiles[file])
  .join('\n');

interface Customer {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
  mobile: string | null;
  password: string;
}
interface Line {
  id: string;
  productId: string;
  colorId: string;
  quantity: number;
}
interface Context {
  customer: Customer | null;
}
type Args = Record<string, unknown>;

const fail = (message: string, code: string, field?: string): never => {
  throw new GraphQLError(message, { extensions: { code, ...(field ? { field } : {}) } });
};

/** A fresh shop in memory: its own accounts, carts and wishlists. */
export function createMockApi() {
  const customers = new Map<string, Customer>();
  const tokens = new Map<string, Customer>();
  const carts = new Map<string, Line[]>();
  const wishlists = new Map<string, Set<string>>();
  const products = PRODUCTS.map((p) => ({ ...p, reviews: [...p.reviews] }));
  let nextId = 1;
  const newId = (kind: string) => `mock-${kind}-${nextId++}`;

  const productById = (id: unknown) => products.find((p) => p.id === id) ?? null;
  const signedIn = (ctx: Context): Customer => ctx.customer ?? fail('Please sign in again', 'UNAUTHENTICATED');
  const cartOf = (c: Customer) => carts.get(c.id) ?? carts.set(c.id, []).get(c.id)!;
  const wishlistOf = (c: Customer) => wishlists.get(c.id) ?? wishlists.set(c.id, new Set()).get(c.id)!;
  const cart = (c: Customer) => {
    const lines = cartOf(c).map((l) => {
      const product = productById(l.productId) as DemoProduct;
      return {
        id: l.id,
        product,
        color: COLORS.find((x) => x.id === l.colorId),
        quantity: l.quantity,
        unitPrice: product.price,
        lineTotal: product.price * l.quantity,
      };
    });
    // The shop's own rules price the cart, as the api does.
    const priced = lines.map((l) => ({ quantity: l.quantity, price: l.unitPrice }));
    return { id: c.id, lines, lineCount: lines.length, subtotal: subtotalOf(priced), shipping: SHIPPING_FEE, total: orderTotal(priced) };
  };
  const quantity = (n: unknown): number => {
    const problem = quantityProblem(n);
    return problem ? fail(problem, 'BAD_USER_INPUT', 'quantity') : (n as number);
  };
  const session = (c: Customer) => {
    const token = newId('token');
    tokens.set(token, c);
    return { token, customer: c };
  };
  const matches = (p: DemoProduct, f: Args = {}) =>
    (!f.category || p.category === f.category) &&
    (!f.brand || p.brand === f.brand) &&
    (!f.tag || p.tags.includes(f.tag as string)) &&
    (f.minPrice == null || p.price >= (f.minPrice as number)) &&
    (f.maxPrice == null || p.price <= (f.maxPrice as number)) &&
    (typeof f.search !== 'string' || !f.search || p.title.toLowerCase().includes(f.search.toLowerCase()));
  const SORTS: Record<string, (a: DemoProduct, b: DemoProduct) => number> = {
    TITLE_ASC: (a, b) => a.title.localeCompare(b.title),
    TITLE_DESC: (a, b) => b.title.localeCompare(a.title),
    PRICE_ASC: (a, b) => a.price - b.price,
    PRICE_DESC: (a, b) => b.price - a.price,
    OLDEST: (a, b) => a.createdAt.localeCompare(b.createdAt),
    NEWEST: (a, b) => b.createdAt.localeCompare(a.createdAt),
  };
  const newest = (list: DemoProduct[], first: unknown) => [...list].sort(SORTS.NEWEST).slice(0, Number(first ?? 8));
  const facets = () => ({
    categories: [...new Set(products.map((p) => p.category))].sort(),
    brands: [...new Set(products.map((p) => p.brand))].sort(),
    tags: [...new Set(products.flatMap((p) => p.tags))].sort(),
    colors: COLORS,
    // The mock's products say no country of origin (the shop itself does: npm run dev).
    countries: [],
  });
  const blog = (b: (typeof BLOGS)[number], i: number) => ({
    ...b,
    images: [{ url: picture(b.title, 200 + i * 60), srcset: null, avifSrcset: null, webpSrcset: null }],
    image: { url: picture(b.title, 200 + i * 60), srcset: null, avifSrcset: null, webpSrcset: null },
  });

  const resolvers = {
    Query: {
      products: (_: unknown, { filter, sort, page, pageSize }: Args) => {
        const all = products.filter((p) => matches(p, filter as Args)).sort(SORTS[typeof sort === 'string' ? sort : 'NEWEST']);
        const size = Number(pageSize ?? 20);
        const at = Number(page ?? 1);
        return {
          items: all.slice((at - 1) * size, at * size),
          totalCount: all.length,
          totalCountIsExact: true,
          page: at,
          pageSize: size,
          hasNextPage: at * size < all.length,
          facets: facets(),
        };
      },
      product: (_: unknown, { id }: Args) => productById(id),
      popularProducts: (_: unknown, { first }: Args) =>
        newest(
          products.filter((p) => p.tags.includes('popular')),
          first,
        ),
      productsByTag: (_: unknown, { tag, first }: Args) =>
        newest(
          products.filter((p) => p.tags.includes(tag as string)),
          first,
        ),
      productFacets: facets,
      searchProducts: (_: unknown, { query, first }: Args) => {
        const all = products.filter((p) => matches(p, { search: query }));
        return {
          items: all.slice(0, Number(first ?? 10)),
          totalCount: all.length,
          hasMore: all.length > Number(first ?? 10),
          endCursor: null,
        };
      },
      blogs: () => BLOGS.map(blog),
      blog: (_: unknown, { id }: Args) => {
        const i = BLOGS.findIndex((b) => b.id === id);
        return i < 0 ? null : blog(BLOGS[i]!, i);
      },
      me: (_: unknown, __: Args, ctx: Context) => ctx.customer,
      cart: (_: unknown, __: Args, ctx: Context) => cart(signedIn(ctx)),
      wishlist: (_: unknown, __: Args, ctx: Context) => {
        const c = signedIn(ctx);
        return { id: c.id, products: [...wishlistOf(c)].map(productById) };
      },
      myOrders: (_: unknown, __: Args, ctx: Context) => (signedIn(ctx), []),
      shopInfo: () => ({
        name: 'Digitic',
        phone: '+971 4 000 0000',
        email: 'support@digitic.example',
        address: 'Digitic Electronics, Sheikh Zayed Road, Dubai, UAE',
        timeZone: 'Asia/Kolkata',
        hours: 'Monday – Sunday 10 AM – 8 PM',
        currencyPrefix: 'Rs.',
        shippingFee: SHIPPING_FEE,
        freeShippingNotice: 'Free Shipping Over AED 400 & Free Returns',
        paymentKeyId: 'rzp_test_mock',
        checkoutScriptUrl: '/payment-simulator/checkout.js',
        paymentsSimulated: true,
        ...MOCK_DISCLOSURES,
      }),
      // The mock keeps no consent record (the shop itself does: npm run dev).
      myConsents: () => [],
      // The mock's policy pages are the spec's empty ones (the shop's own texts: npm run dev).
      policyPage: (_: unknown, { page }: Args) => ({ page, html: '', version: 0, updatedAt: null, demo: false, title: String(page) }),
      checkoutStatus: () => null,
      checkoutQuote: () => fail('Coupons need the shop itself: run npm run dev for the whole shop', 'CONFLICT', 'couponCode'),
    },
    Mutation: {
      register: (_: unknown, { input }: Args) => {
        const i = input as Omit<Customer, 'id'>;
        if ([...customers.values()].some((c) => accountKey(c.email) === accountKey(i.email)))
          fail('An account with this email already exists', 'CONFLICT');
        const customer = { ...i, lastname: i.lastname ?? '', mobile: i.mobile ?? null, id: newId('customer') };
        customers.set(customer.id, customer);
        return customer;
      },
      login: (_: unknown, { input }: Args) => {
        const { email, password } = input as { email: string; password: string };
        const customer = [...customers.values()].find((c) => accountKey(c.email) === accountKey(email) && c.password === password);
        return session(customer ?? fail('Invalid email or password', 'UNAUTHENTICATED'));
      },
      updateProfile: (_: unknown, { input }: Args, ctx: Context) => {
        const c = signedIn(ctx);
        const { currentPassword, ...profile } = input as Omit<Customer, 'id' | 'password'> & { currentPassword?: string | null };
        const email = accountKey(profile.email);
        if (email !== accountKey(c.email) && currentPassword !== c.password) {
          fail(
            currentPassword ? 'The current password is not correct' : 'Enter your current password to change your e-mail',
            'BAD_USER_INPUT',
            'currentPassword',
          );
        }
        return session(Object.assign(c, profile, { email }));
      },
      requestPasswordReset: () => ({ message: 'If the email has an account, a reset link is on its way' }),
      resetPassword: () => fail('The mock shop sends no e-mail: there is no reset token to use', 'BAD_USER_INPUT'),
      undoEmailChange: () => fail('The mock shop sends no e-mail: there is no undo link to use', 'BAD_USER_INPUT', 'token'),
      toggleWishlist: (_: unknown, { productId }: Args, ctx: Context) => {
        const c = signedIn(ctx);
        const list = wishlistOf(c);
        const product = productById(productId) ?? fail('No product found!', 'NOT_FOUND');
        if (!list.delete(product.id)) list.add(product.id);
        return { wishlist: { id: c.id, products: [...list].map(productById) }, product };
      },
      rateProduct: (_: unknown, { input }: Args, ctx: Context) => {
        const c = signedIn(ctx);
        const { productId, star, comment } = input as { productId: string; star: number; comment: string };
        const product = productById(productId) ?? fail('No product found!', 'NOT_FOUND');
        product.reviews = [
          ...product.reviews.filter((r) => r.authorName !== c.firstname),
          { id: newId('review'), star, comment, authorName: c.firstname, createdAt: new Date().toISOString() },
        ];
        return product;
      },
      addToCart: (_: unknown, { input }: Args, ctx: Context) => {
        const c = signedIn(ctx);
        const { productId, colorId, quantity: n } = input as Line & { quantity: number };
        const product = productById(productId) ?? fail('No product found!', 'NOT_FOUND');
        const at = product.colors.findIndex((color) => color.id === colorId);
        if (at < 0) fail('This colour is not available for this product', 'BAD_USER_INPUT');
        const color = product.colors[at] as { title: string };
        if ((product.stock[at] ?? 0) <= 0) fail(`Sorry, this product is sold out in ${color.title}`, 'CONFLICT');
        const lines = cartOf(c);
        const line = lines.find((l) => l.productId === productId && l.colorId === colorId);
        if (line) line.quantity = quantity(line.quantity + n);
        else lines.push({ id: newId('line'), productId, colorId, quantity: quantity(n) });
        return cart(c);
      },
      updateCartLine: (_: unknown, { input }: Args, ctx: Context) => {
        const c = signedIn(ctx);
        const { lineId, quantity: n } = input as { lineId: string; quantity: number };
        const line = cartOf(c).find((l) => l.id === lineId) ?? fail('No such cart line', 'NOT_FOUND');
        line.quantity = quantity(n);
        return cart(c);
      },
      removeCartLine: (_: unknown, { lineId }: Args, ctx: Context) => {
        const c = signedIn(ctx);
        carts.set(
          c.id,
          cartOf(c).filter((l) => l.id !== lineId),
        );
        return cart(c);
      },
      emptyCart: (_: unknown, __: Args, ctx: Context) => {
        const c = signedIn(ctx);
        carts.set(c.id, []);
        return cart(c);
      },
      startCheckout: () => fail('Payments need the shop itself: run npm run dev for the whole shop', 'PAYMENT_FAILED'),
      placeOrder: () => fail('Payments need the shop itself: run npm run dev for the whole shop', 'PAYMENT_FAILED'),
      submitEnquiry: (_: unknown, { input }: Args) => ({ ...(input as object), id: newId('enquiry'), status: 'Submitted' }),
    },
    Product: {
      images: (p: DemoProduct) => [
        { url: picture(p.title, (Number(p.id.split('-').at(-1)) * 47) % 360), srcset: null, avifSrcset: null, webpSrcset: null },
      ],
      rating: (p: DemoProduct) => (p.reviews.length ? Math.round(p.reviews.reduce((s, r) => s + r.star, 0) / p.reviews.length) : 0),
      reviewCount: (p: DemoProduct) => p.reviews.length,
      inStock: (p: DemoProduct) => p.stock.some((n) => n > 0),
      variants: (p: DemoProduct) => p.colors.map((color, i) => ({ color, inStock: (p.stock[i] ?? 0) > 0 })),
      inWishlist: (p: DemoProduct, _: Args, ctx: Context) => (ctx.customer ? wishlistOf(ctx.customer).has(p.id) : false),
    },
  };

  const schema = makeExecutableSchema({ typeDefs, resolvers });
  return {
    /** Runs one operation as the gateway would, for the customer the bearer token names. */
    execute(source: string, variables: Record<string, unknown> | undefined, authorization: string | null) {
      const token = authorization?.replace(/^Bearer /, '') ?? null;
      return graphql({ schema, source, variableValues: variables, contextValue: { customer: token ? (tokens.get(token) ?? null) : null } });
    },
    /** A customer with a session, as if they had registered and signed in. */
    signedInCustomer(firstname = 'Asha') {
      const customer: Customer = {
        id: newId('customer'),
        firstname,
        lastname: 'Patel',
        email: `${newId('mail')}@example.com`,
        mobile: null,
        password: 'password',
      };
      customers.set(customer.id, customer);
      return session(customer);
    },
  };
}
