import type { AxiosInstance } from 'axios';
import { AccountApi } from './account.js';
import { BlogsApi } from './blogs.js';
import { CartApi } from './cart.js';
import { CatalogueApi } from './catalogue.js';
import { EnquiriesApi } from './enquiries.js';
import { OrdersApi } from './orders.js';
import { PoliciesApi } from './policies.js';
import { Upstream } from './upstream.js';
import { WishlistApi } from './wishlist.js';

/** The REST api for one request, one data source per domain, all on the same caller's token, request id and address. */
export function shopApis(http: AxiosInstance, token: string | null, requestId: string, clientIp: string | null = null) {
  const upstream = new Upstream(http, token, requestId, clientIp);
  const catalogue = new CatalogueApi(upstream);
  return {
    get signedIn() {
      return upstream.signedIn;
    },
    catalogue,
    blogs: new BlogsApi(upstream),
    policies: new PoliciesApi(upstream),
    account: new AccountApi(upstream),
    wishlist: new WishlistApi(upstream, catalogue),
    cart: new CartApi(upstream, catalogue),
    orders: new OrdersApi(upstream),
    enquiries: new EnquiriesApi(upstream),
  };
}

export type ShopApis = ReturnType<typeof shopApis>;
