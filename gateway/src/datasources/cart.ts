import type { AddToCartBody } from '@digitic/rest-contract';
import type { CatalogueApi } from './catalogue.js';
import type { ExpandedCartLineRecord } from './types.js';
import { segment, type Upstream } from './upstream.js';

// Each write asks for the whole cart back (`?return=cart`): one upstream call per cart change.
const CART_BACK = { return: 'cart', expand: 'product' };

/** The caller's cart; each line holds its whole product, which goes into the product loader. */
export class CartApi {
  constructor(
    private readonly upstream: Upstream,
    private readonly catalogue: CatalogueApi,
  ) {}

  private prime(lines: ExpandedCartLineRecord[]): ExpandedCartLineRecord[] {
    this.catalogue.prime(lines.map((l) => l.productId));
    return lines;
  }

  async lines(): Promise<ExpandedCartLineRecord[]> {
    return this.prime(await this.upstream.get<ExpandedCartLineRecord[]>('user/cart', { expand: 'product' }));
  }

  async add(body: AddToCartBody): Promise<ExpandedCartLineRecord[]> {
    return this.prime(await this.upstream.send<ExpandedCartLineRecord[], AddToCartBody>('POST', 'user/cart', body, CART_BACK));
  }

  async setQuantity(lineId: string, quantity: number): Promise<ExpandedCartLineRecord[]> {
    const url = `user/update-product-cart/${segment(lineId, 'Cart line')}/${quantity}`;
    return this.prime(await this.upstream.send<ExpandedCartLineRecord[]>('DELETE', url, undefined, CART_BACK));
  }

  async remove(lineId: string): Promise<ExpandedCartLineRecord[]> {
    const url = `user/delete-product-cart/${segment(lineId, 'Cart line')}`;
    return this.prime(await this.upstream.send<ExpandedCartLineRecord[]>('DELETE', url, undefined, CART_BACK));
  }

  empty = () => this.upstream.send<{ deleted: number }>('DELETE', 'user/empty-cart');
}
