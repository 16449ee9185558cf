import type { BulkEditBody, CatalogueSelection, ProductBody } from '@digitic/rest-contract';
import type { BulkEditInput, CatalogueFilter, ProductInput, Resolvers } from '../__generated__/resolvers-types.js';
import { badInput } from '../../errors.js';
import { lower } from '../enums.js';
import { orNull, pageOf, searchOf } from './support.js';

/** Which products, as the desk's list and a bulk edit select them. */
const selection = (filter: CatalogueFilter | null | undefined): CatalogueSelection => ({
  ...searchOf(filter?.search),
  ...(filter?.status ? { status: lower(filter.status) } : {}),
  ...(filter?.category ? { category: filter.category } : {}),
  ...(filter?.brand ? { brand: filter.brand } : {}),
});

/**
 * The desk api's body for a product: stock by colour, as the import takes it, and its pictures by address or
 * with their words (one of the two; an update may leave both out to keep them as they are).
 */
function productBody(input: ProductInput): Omit<ProductBody, 'images'> & { images?: ProductBody['images'] } {
  const { stock, slug, images, pictures, hsnCode, gstRate, countryOfOrigin, manufacturer, importer, ...fields } = input;
  if (images != null && pictures != null) throw badInput('Give the pictures as images or as pictures, not both', 'pictures');
  const given = pictures ?? images;
  return {
    ...fields,
    ...(slug ? { slug } : {}),
    ...(given != null ? { images: given } : {}),
    // Left out (undefined): kept; given, even empty (cleared), to the api.
    ...(hsnCode !== undefined ? { hsnCode } : {}),
    ...(gstRate != null ? { gstRate } : {}),
    ...(countryOfOrigin !== undefined ? { countryOfOrigin } : {}),
    ...(manufacturer !== undefined ? { manufacturer } : {}),
    ...(importer !== undefined ? { importer } : {}),
    ...(stock && stock.length > 0 ? { stock: Object.fromEntries(stock.map((s) => [s.color, s.units])) } : {}),
  };
}

/** A bulk edit: the selection, and a price and a stock change, each set or moved. Both of a pair given go to the api, which says it takes one of them. */
const bulkEditBody = (input: BulkEditInput): BulkEditBody => ({
  filter: selection(input.filter),
  ...(input.setPrice != null || input.pricePercent != null
    ? {
        price: {
          ...(input.setPrice != null ? { set: input.setPrice } : {}),
          ...(input.pricePercent != null ? { percent: input.pricePercent } : {}),
        },
      }
    : {}),
  ...(input.setStock != null || input.addStock != null
    ? {
        stock: {
          ...(input.setStock != null ? { set: input.setStock } : {}),
          ...(input.addStock != null ? { add: input.addStock } : {}),
        },
      }
    : {}),
  dryRun: input.dryRun ?? false,
});

/** The catalogue desk: products, their stock by colour, bulk edits, and the vocabulary. */
export const catalogue: Resolvers = {
  Query: {
    catalogueProducts: (_root, { filter, page, pageSize }, { api }) =>
      api.catalogue.list({ ...pageOf(page, pageSize), ...selection(filter) }),
    catalogueProduct: (_root, { id }, { api }) => orNull(api.catalogue.get(id)),
    lowStock: (_root, _args, { api }) => api.catalogue.lowStock(),
    catalogueTerms: (_root, _args, { api }) => api.catalogue.terms(),
  },
  Mutation: {
    createProduct: (_root, { input }, { api }) => {
      const { images, ...body } = productBody(input);
      // The api names what is missing: at least one picture.
      return api.catalogue.create({ ...body, images: images ?? [] });
    },
    updateProduct: (_root, { id, version, input }, { api }) => api.catalogue.update(id, version, productBody(input)),
    archiveProduct: (_root, { id, version }, { api }) => api.catalogue.archive(id, version),
    restoreProduct: (_root, { id, version }, { api }) => api.catalogue.restore(id, version),
    bulkEditProducts: (_root, { input }, { api }) => api.catalogue.bulkEdit(bulkEditBody(input)),
    setProductPictures: (_root, { id, expected, pictures }, { api }) => api.catalogue.setPictures(id, { expected, pictures }),
    setStock: (_root, { id, changes }, { api }) =>
      api.catalogue.setStock(
        id,
        changes.map((c) => ({ colorId: c.colorId, quantity: c.stock, expected: c.expected })),
      ),
    addTerm: (_root, { kind, value }, { api }) => api.catalogue.addTerm({ kind: lower(kind), value }),
    renameTerm: (_root, { kind, value, to }, { api }) => api.catalogue.renameTerm({ kind: lower(kind), value, to }),
    deleteTerm: (_root, { kind, value }, { api }) => api.catalogue.deleteTerm({ kind: lower(kind), value }),
    addColour: (_root, { swatch, name }, { api }) => api.catalogue.addColour({ swatch, ...(name ? { name } : {}) }),
    updateColour: (_root, { id, swatch, name }, { api }) => api.catalogue.updateColour(id, { swatch, ...(name ? { name } : {}) }),
    deleteColour: (_root, { id }, { api }) => api.catalogue.deleteColour(id),
  },
  CatalogueProductList: { items: (list) => list.products },
  CatalogueVariant: { stock: (v) => v.quantity },
  LowStockItem: { stock: (i) => i.quantity },
};
