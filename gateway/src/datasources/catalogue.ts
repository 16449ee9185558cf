import type { RatingBody } from '@digitic/rest-contract';
import DataLoader from 'dataloader';
import type { SearchLoggedRecord } from '@digitic/rest-contract';
import type { FacetCountsRecord, FacetsRecord, ProductListParams, ProductRecord, SearchAnswerRecord, SitemapPageRecord } from './types.js';

import type { Upstream } from './upstream.js';
import { touch } from '../cache/catalogue-sync.js';

export const PRODUCT_BATCH = 100;

/** The api's query parameters for a list (its search too, when given). */
function listParams(p: ProductListParams): Record<string, string | number> {
  const params: Record<string, string | number> = { page: p.page, limit: p.limit };
  if (p.category) params.category = p.category;
  if (p.brand) params.brand = p.brand;
  if (p.tags) params.tags = p.tags;
  if (p.search) params.search = p.search;
  if (p.color) params.color = p.color;
  if (p.countryOfOrigin) params.countryOfOrigin = p.countryOfOrigin;
  if (p.minPrice != null) params['price[gte]'] = p.minPrice;
  if (p.maxPrice != null) params['price[lte]'] = p.maxPrice;
  if (p.sort) params.sort = p.sort;
  return params;
}

/** Products for one request: every product looked up while resolving one operation costs one batched call. */
export class CatalogueApi {
  readonly productById: DataLoader<string, ProductRecord | null>;

  constructor(private readonly upstream: Upstream) {
    this.productById = new DataLoader((ids) => this.productsByIds(ids), { maxBatchSize: PRODUCT_BATCH });
  }

  private async productsByIds(ids: readonly string[]): Promise<(ProductRecord | null)[]> {
    // The answer shows these products, found or not (one made or restored later is announced under its tag).
    touch(...ids.map((id) => `product:${id}`));
    const found = await this.upstream.get<ProductRecord[]>('product/by-ids', { ids: ids.join(',') });
    const byId = new Map(found.map((p) => [p._id, p]));
    return ids.map((id) => byId.get(id) ?? null);
  }

  /** Products of any answer go into the loader, so a later look-up of one costs nothing. */
  prime(products: ProductRecord[]): ProductRecord[] {
    touch(...products.map((p) => `product:${p._id}`));
    for (const p of products) this.productById.prime(p._id, p);
    return products;
  }

  async list(p: ProductListParams) {
    // Which products a list holds, and in what order, changes with any product's: the lists' own tag.
    touch('products');
    const { data, headers } = await this.upstream.call<ProductRecord[]>({ url: 'product', params: listParams(p) });
    const total = Number(headers['x-total-count'] ?? data.length);
    return { items: this.prime(data), total, totalExact: headers['x-total-count-relation'] !== 'gte' };
  }

  /** A search, ranked, with what it understood (GET /api/product/search); `p.search` may be blank. */
  async search(p: ProductListParams & { search: string }) {
    touch('products');
    const answer = await this.upstream.get<SearchAnswerRecord>('product/search', { ...listParams(p), search: p.search });
    return { ...answer, products: this.prime(answer.products) };
  }

  /** How many of a list's (or a search's) products each facet's value holds. */
  facetCounts(p: ProductListParams) {
    touch('products');
    const { page: _page, limit: _limit, sort: _sort, ...params } = listParams(p);
    return this.upstream.get<FacetCountsRecord>('product/facet-counts', params);
  }

  /** Counts a search shown in the shop's search log, by its answer's ticket. */
  recordSearch = (ticket: string) => this.upstream.send<SearchLoggedRecord, { ticket: string }>('POST', 'product/search/log', { ticket });
  recordSearchOpened = (id: string) => this.upstream.send<undefined, { id: string }>('POST', 'product/search/opened', { id });

  async product(id: string): Promise<ProductRecord | null> {
    try {
      return await this.productById.load(id);
    } catch (err) {
      if ((err as { extensions?: { code?: string } }).extensions?.code === 'NOT_FOUND') return null;
      throw err;
    }
  }

  facets = () => {
    touch('products');
    return this.upstream.get<FacetsRecord>('product/facets');
  };
  sitemapProducts = (page: number) => {
    touch('products');
    return this.upstream.get<SitemapPageRecord>('product/sitemap', { page });
  };

  async rate(body: RatingBody): Promise<ProductRecord> {
    const product = await this.upstream.send<ProductRecord, RatingBody>('PUT', 'product/rating', body);
    this.productById.clear(product._id).prime(product._id, product);
    return product;
  }
}
