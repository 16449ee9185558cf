import type { WishlistToggleBody } from '@digitic/rest-contract';
import type { CatalogueApi } from './catalogue.js';
import type { ProductRecord } from './types.js';
import type { Upstream } from './upstream.js';

/** The caller's wishlist; its ids fetched at most once per operation (for Product.inWishlist). */
export class WishlistApi {
  private ids: Promise<Set<string>> | null = null;

  constructor(
    private readonly upstream: Upstream,
    private readonly catalogue: CatalogueApi,
  ) {}

  async products(): Promise<ProductRecord[]> {
    const { wishlist } = await this.upstream.get<{ wishlist: ProductRecord[] }>('user/wishlist');
    this.ids = Promise.resolve(new Set(wishlist.map((p) => p._id)));
    return this.catalogue.prime(wishlist);
  }

  has(productId: string): Promise<boolean> {
    if (!this.upstream.signedIn) return Promise.resolve(false);
    this.ids ??= this.upstream
      .get<{ wishlist: ProductRecord[] }>('user/wishlist')
      .then(({ wishlist }) => new Set(wishlist.map((p) => p._id)));
    return this.ids.then((ids) => ids.has(productId));
  }

  async toggle(prodId: string): Promise<string[]> {
    const { wishlist } = await this.upstream.send<{ wishlist: string[] }, WishlistToggleBody>('PUT', 'product/Wishlist', { prodId });
    this.ids = Promise.resolve(new Set(wishlist));
    return wishlist;
  }
}
