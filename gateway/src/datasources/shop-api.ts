import type { AxiosInstance, AxiosRequestConfig } from 'axios';
import DataLoader from 'dataloader';
import { GraphQLError } from 'graphql';
import { fromUpstream } from '../errors.js';
import type {
  AddressRecord,
  BlogRecord,
  ExpandedCartLineRecord,
  CheckoutRecord,
  CustomerRecord,
  EnquiryRecord,
  FacetsRecord,
  OrderRecord,
  ProductRecord,
  SessionRecord,
  SitemapPageRecord,
} from './types.js';

/**
 * A client's value as one path segment of an api URL. Escaping keeps `/`, `\\`, `?` and `#` inside it, but
 * a segment that is `.` or `..` (or empty) would be resolved by the URL parser into another path of the
 * api: such an id cannot name anything, so it is answered as not found without a call.
 */
function segment(value: string, what: string): string {
  if (value === '' || value === '.' || value === '..') {
    throw new GraphQLError(`${what} not found`, { extensions: { code: 'NOT_FOUND' } });
  }
  return encodeURIComponent(value);
}

export const PRODUCT_BATCH = 100;
const CART_BACK = { return: 'cart', expand: 'product' };

export interface ProductListParams {
  category?: string | null;
  brand?: string | null;
  tags?: string | null;
  search?: string | null;
  minPrice?: number | null;
  maxPrice?: number | null;
  sort?: string;
  page: number;
  limit: number;
}

/**
 * The REST api as one request sees it: the caller's token forwarded, and DataLoaders so that
 * every product looked up while resolving one operation costs one batched upstream call.
 */
export class ShopApi {
  readonly productById: DataLoader<string, ProductRecord | null>;
  private wishlistIds: Promise<Set<string>> | null = null;

  constructor(
    private readonly http: AxiosInstance,
    private readonly token: string | null,
    private readonly requestId: string,
  ) {
    this.productById = new DataLoader((ids) => this.productsByIds(ids), { maxBatchSize: PRODUCT_BATCH });
  }

  get signedIn(): boolean {
    return this.token !== null;
  }

  private async call<T>(config: AxiosRequestConfig): Promise<{ data: T; headers: Record<string, unknown> }> {
    try {
      const res = await this.http.request<T>({
        ...config,
        headers: {
          'X-Request-Id': this.requestId,
          ...(this.token ? { Authorization: `Bearer ${this.token}` } : {}),
          ...config.headers,
        },
      });
      return { data: res.data, headers: res.headers };
    } catch (err) {
      throw fromUpstream(err);
    }
  }

  private async data<T>(config: AxiosRequestConfig): Promise<T> {
    return (await this.call<T>(config)).data;
  }

  private async productsByIds(ids: readonly string[]): Promise<(ProductRecord | null)[]> {
    const found = await this.data<ProductRecord[]>({ url: 'product/by-ids', params: { ids: ids.join(',') } });
    const byId = new Map(found.map((p) => [p._id, p]));
    return ids.map((id) => byId.get(id) ?? null);
  }

  /** Products of a list response go into the loader, so a later look-up of one costs nothing. */
  private prime(products: ProductRecord[]): ProductRecord[] {
    for (const p of products) this.productById.prime(p._id, p);
    return products;
  }

  async listProducts(p: ProductListParams) {
    const params: Record<string, string | number> = { page: p.page, limit: p.limit };
    if (p.category) params.category = p.category;
    if (p.brand) params.brand = p.brand;
    if (p.tags) params.tags = p.tags;
    if (p.search) params.search = p.search;
    if (p.minPrice != null) params['price[gte]'] = p.minPrice;
    if (p.maxPrice != null) params['price[lte]'] = p.maxPrice;
    if (p.sort) params.sort = p.sort;
    const { data, headers } = await this.call<ProductRecord[]>({ url: 'product', params });
    const total = Number(headers['x-total-count'] ?? data.length);
    return { items: this.prime(data), total, totalExact: headers['x-total-count-relation'] !== 'gte' };
  }

  async product(id: string): Promise<ProductRecord | null> {
    try {
      return await this.productById.load(id);
    } catch (err) {
      if ((err as { extensions?: { code?: string } }).extensions?.code === 'NOT_FOUND') return null;
      throw err;
    }
  }

  facets = () => this.data<FacetsRecord>({ url: 'product/facets' });
  blogs = () => this.data<BlogRecord[]>({ url: 'blog' });
  sitemapProducts = (page: number) => this.data<SitemapPageRecord>({ url: 'product/sitemap', params: { page } });

  async blog(id: string): Promise<BlogRecord | null> {
    try {
      return await this.data<BlogRecord>({ url: `blog/${segment(id, 'Blog')}` });
    } catch (err) {
      if ((err as { extensions?: { code?: string } }).extensions?.code === 'NOT_FOUND') return null;
      throw err;
    }
  }

  me = () => this.data<CustomerRecord>({ url: 'user/me' });
  register = (body: object) => this.data<CustomerRecord>({ url: 'user/register', method: 'POST', data: body });
  login = (body: object) => this.data<SessionRecord>({ url: 'user/login', method: 'POST', data: body });
  updateProfile = (body: object) => this.data<SessionRecord>({ url: 'user/edit-user', method: 'PUT', data: body });
  forgotPassword = (email: string) =>
    this.data<{ message: string }>({ url: 'user/forgot-password-token', method: 'POST', data: { email } });
  resetPassword = (token: string, password: string) =>
    this.data<{ message: string }>({ url: `user/reset-password/${segment(token, 'Reset token')}`, method: 'PUT', data: { password } });
  undoEmailChange = (token: string) =>
    this.data<{ message: string }>({ url: `user/undo-email-change/${segment(token, 'Undo link')}`, method: 'PUT' });

  async wishlist(): Promise<ProductRecord[]> {
    const { wishlist } = await this.data<{ wishlist: ProductRecord[] }>({ url: 'user/wishlist' });
    this.wishlistIds = Promise.resolve(new Set(wishlist.map((p) => p._id)));
    return this.prime(wishlist);
  }

  /** The caller's wishlist ids, fetched at most once per operation (for Product.inWishlist). */
  inWishlist(productId: string): Promise<boolean> {
    if (!this.token) return Promise.resolve(false);
    this.wishlistIds ??= this.data<{ wishlist: ProductRecord[] }>({ url: 'user/wishlist' }).then(
      ({ wishlist }) => new Set(wishlist.map((p) => p._id)),
    );
    return this.wishlistIds.then((ids) => ids.has(productId));
  }

  async toggleWishlist(prodId: string): Promise<string[]> {
    const { wishlist } = await this.data<{ wishlist: string[] }>({ url: 'product/Wishlist', method: 'PUT', data: { prodId } });
    this.wishlistIds = Promise.resolve(new Set(wishlist));
    return wishlist;
  }

  async rate(body: { prodId: string; star: number; comment: string }): Promise<ProductRecord> {
    const product = await this.data<ProductRecord>({ url: 'product/rating', method: 'PUT', data: body });
    this.productById.clear(product._id).prime(product._id, product);
    return product;
  }

  /** The caller's cart; each line holds its whole product, which goes into the product loader. */
  async cart(): Promise<ExpandedCartLineRecord[]> {
    return this.primeCart(await this.data<ExpandedCartLineRecord[]>({ url: 'user/cart', params: { expand: 'product' } }));
  }

  // Each write asks for the whole cart back (`?return=cart`): one upstream call per cart change.
  async addToCart(body: { productId: string; color: string; quantity: number }): Promise<ExpandedCartLineRecord[]> {
    return this.primeCart(await this.data<ExpandedCartLineRecord[]>({ url: 'user/cart', method: 'POST', data: body, params: CART_BACK }));
  }

  async updateCartLine(lineId: string, quantity: number): Promise<ExpandedCartLineRecord[]> {
    const url = `user/update-product-cart/${segment(lineId, 'Cart line')}/${quantity}`;
    return this.primeCart(await this.data<ExpandedCartLineRecord[]>({ url, method: 'DELETE', params: CART_BACK }));
  }

  async removeCartLine(lineId: string): Promise<ExpandedCartLineRecord[]> {
    const url = `user/delete-product-cart/${segment(lineId, 'Cart line')}`;
    return this.primeCart(await this.data<ExpandedCartLineRecord[]>({ url, method: 'DELETE', params: CART_BACK }));
  }

  private primeCart(lines: ExpandedCartLineRecord[]): ExpandedCartLineRecord[] {
    this.prime(lines.map((l) => l.productId));
    return lines;
  }

  emptyCart = () => this.data<{ deleted: number }>({ url: 'user/empty-cart', method: 'DELETE' });

  async myOrders(): Promise<OrderRecord[]> {
    return (await this.data<{ orders: OrderRecord[] }>({ url: 'user/getmyorders' })).orders;
  }

  async createOrder(body: {
    shippingInfo: AddressRecord;
    paymentInfo: { razorpayOrderId: string; razorpayPaymentId: string; razorpaySignature: string };
  }): Promise<OrderRecord> {
    return (await this.data<{ order: OrderRecord }>({ url: 'user/cart/create-order/', method: 'POST', data: body })).order;
  }

  /** Starts (or reuses) the caller's checkout: the api prices the cart and creates the provider's order. */
  async startCheckout(shippingInfo: AddressRecord): Promise<CheckoutRecord> {
    return (await this.data<{ checkout: CheckoutRecord }>({ url: 'user/order/checkout', method: 'POST', data: { shippingInfo } })).checkout;
  }

  async checkout(providerOrderId: string): Promise<CheckoutRecord | null> {
    try {
      const path = `user/order/checkout/${segment(providerOrderId, 'Checkout')}`;
      return (await this.data<{ checkout: CheckoutRecord }>({ url: path })).checkout;
    } catch (err) {
      if ((err as { extensions?: { code?: string } }).extensions?.code === 'NOT_FOUND') return null;
      throw err;
    }
  }

  submitEnquiry = (body: object) => this.data<EnquiryRecord>({ url: 'enquiry', method: 'POST', data: body });
}
