import type { FacetCountsRecord, RatingBody, SearchAnswerRecord, WishlistToggleBody } from '@digitic/rest-contract';
import { Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import { currentCustomer } from '../auth/middleware.js';
import { badRequest } from '../domain/errors.js';
import { type Accepts, isUuid, parseInput, pathId } from '../http/validate.js';
import { parseProductListQuery } from './list-query.js';
import { facets, RANKED_MAX, sitemapPage } from './repo.js';
import { facetCounts, searchProducts } from './search-results.js';
import { withDetails } from './serialize.js';
import { searchWords } from './search-query.js';
import { changesSince } from '../catalogue/changes.js';
import { personalSearch } from '../search/personal.js';

const productId = z
  .string({ error: 'prodId is required' })
  .refine(isUuid, 'prodId is not a product id')
  .transform((v) => v.toLowerCase());

const WishlistInput = z.object({ prodId: productId });
const RatingInput = z.object({
  prodId: productId,
  star: z.coerce
    .number({ error: 'Please add star rating' })
    .int('Star rating must be a whole number from 1 to 5')
    .min(1, 'Please add star rating')
    .max(5, 'Star rating must be a whole number from 1 to 5'),
  comment: z
    .string({ error: 'Please Write Review About the Product' })
    .trim()
    .min(1, 'Please Write Review About the Product')
    .max(2000, 'Review must be at most 2000 characters'),
});

const ChangesQuery = z.object({
  after: z.coerce
    .number({ error: 'after is the last change you read, a whole number from 0' })
    .int('after is the last change you read, a whole number from 0')
    .min(0, 'after is the last change you read, a whole number from 0')
    .max(Number.MAX_SAFE_INTEGER)
    .default(0),
});

const SitemapQuery = z.object({
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(10_000, 'page is at most 10000')
    .default(1),
});

// The contract's bodies are what these take.
export type ContractBodies = [Accepts<typeof WishlistInput, WishlistToggleBody>, Accepts<typeof RatingInput, RatingBody>];

/** A search with no word in it matches nothing, so no facet holds anything. */
const NO_FACETS: FacetCountsRecord = { categories: [], brands: [], countries: [], priceBands: [], colors: [] };

export function productsRoutes(deps: AppDeps): Router {
  const { products } = deps;
  const router = Router();

  router.get('/product', async (req, res) => {
    const { products: list, total, totalExact } = await products.list(parseProductListQuery(req.query));
    res.set({
      'X-Total-Count': String(total),
      'X-Total-Count-Relation': totalExact ? 'eq' : 'gte',
      'Access-Control-Expose-Headers': 'X-Total-Count, X-Total-Count-Relation',
    });
    res.json(list);
  });
  // A shopper's search with what it understood: the results page's and every GraphQL client's.
  router.get('/product/search', async (req, res) => {
    if (req.query.search === undefined) throw badRequest('Query parameter "search" is required: the words to search for', 'search');
    const query = parseProductListQuery(req.query, 'search');
    // A blank search has no word to find: it answers nothing found, as one of punctuation does.
    const started = performance.now();
    const answer = await searchProducts(deps.db, { ...query, search: query.search ?? '' });
    const tookMs = Math.round(performance.now() - started);
    // The log's words: as typed (before any correction), lower-cased, one space between, at most 100 characters.
    // A search that looks like an e-mail address or a phone or order number, as typed or as it would be logged, is
    // never logged: it is a person's (search/personal.ts).
    const words = [...searchWords(query.search ?? '').words.join(' ')].slice(0, 100).join('');
    const logged = personalSearch(query.search ?? '') || personalSearch(words) ? '' : words;
    const refined =
      query.page > 1 ||
      query.sort.length > 0 ||
      [query.category, query.brand, query.tags, query.color].some(Boolean) ||
      Object.keys(query.price).length > 0;
    const body: SearchAnswerRecord = {
      products: await withDetails(deps.db, answer.rows),
      total: answer.total,
      totalExact: answer.totalExact,
      // Ranked (no sort chosen), a search's pages end with the products it ranks (RANKED_MAX and a few).
      hasMore:
        answer.rows.length === query.limit &&
        (query.sort.length === 0 ? query.page * query.limit < RANKED_MAX : query.page * query.limit < answer.total || !answer.totalExact),
      ...answer.understood,
      ticket: logged && !refined ? deps.searchTickets.issue({ query: logged, results: answer.total, tookMs, at: Date.now() }) : null,
    };
    res.json(body);
  });
  // How many of a list's or a search's products each category, brand, price band and colour in stock holds.
  router.get('/product/facet-counts', async (req, res) => {
    const query = parseProductListQuery(req.query, 'search');
    const { search } = query;
    let counts: FacetCountsRecord = NO_FACETS;
    if (search === undefined) counts = await facetCounts(deps.db, query, null);
    else {
      // The products the search lists (widened or not): its first product is enough to know which.
      const { match } = await searchProducts(deps.db, { ...query, search, page: 1, limit: 1 });
      if (match) counts = await facetCounts(deps.db, query, match);
    }
    res.json(counts);
  });
  router.get('/product/facets', async (_req, res) => {
    res.json(await facets(deps.db));
  });
  // The sitemap's product pages: ids and last change, 5000 a page, with the total so pages can be counted.
  router.get('/product/sitemap', async (req, res) => {
    const page = parseInput(SitemapQuery, req.query).page;
    res.set('Cache-Control', 'public, max-age=600');
    res.json(await sitemapPage(deps.db, page));
  });
  // The catalogue's change log, for the gateways' caches: which products and lists changed after `after`.
  router.get('/catalogue/changes', async (req, res) => {
    const { after } = parseInput(ChangesQuery, req.query);
    res.set('Cache-Control', 'no-store').json(await changesSince(deps.db, after));
  });
  router.get('/product/by-ids', async (req, res) => {
    const ids = req.query.ids;
    if (typeof ids !== 'string') throw badRequest('Query parameter "ids" must be one comma-separated list of product ids', 'ids');
    res.json(await products.byIds(ids));
  });
  router.get('/product/:id', async (req, res) => {
    res.json(await products.getProduct(pathId(req.params.id, 'Product')));
  });
  router.put('/product/Wishlist', deps.auth, async (req, res) => {
    const { prodId } = parseInput(WishlistInput, req.body);
    res.json(await products.toggleWishlist(currentCustomer(res).id, prodId));
  });
  router.put('/product/rating', deps.auth, async (req, res) => {
    res.json(await products.rate(currentCustomer(res).id, parseInput(RatingInput, req.body)));
  });
  router.get('/user/wishlist', deps.auth, async (_req, res) => {
    res.json(await products.wishlist(currentCustomer(res).id));
  });
  return router;
}
