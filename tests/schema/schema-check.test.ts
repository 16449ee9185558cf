import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSchemaDir, unannouncedBreakingChanges } from '../../scripts/schema-check.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const published = `
  type Query {
    "A product."
    product(id: ID!, colour: String @deprecated(reason: "colours are on the product")): Product
    "Old name of products."
    items: [Product!]! @deprecated(reason: "use products")
    "The catalogue."
    products: [Product!]!
  }
  type Product {
    id: ID!
    title: String!
    sort: Sort!
  }
  enum Sort { NEWEST OLDEST @deprecated(reason: "use NEWEST") PRICE }
`;

describe('the schema check', () => {
  it('lets through what does not break a client, and removals announced by @deprecated', () => {
    const next = published
      .replace('"Old name of products."\n    items: [Product!]! @deprecated(reason: "use products")', '')
      .replace(', colour: String @deprecated(reason: "colours are on the product")', '')
      .replace(' OLDEST @deprecated(reason: "use NEWEST")', '')
      .replace('    title: String!', '    title: String!\n    "New, optional."\n    brand: String');
    expect(unannouncedBreakingChanges(published, next)).toEqual([]);
  });

  it('fails on a field removed, retyped, a new required argument or an enum value removed without deprecation', () => {
    expect(unannouncedBreakingChanges(published, published.replace('    title: String!\n', ''))).toEqual(['Product.title was removed.']);
    expect(unannouncedBreakingChanges(published, published.replace('title: String!', 'title: Int!'))).toEqual([
      'Product.title changed type from String! to Int!.',
    ]);
    expect(unannouncedBreakingChanges(published, published.replace('products: [Product!]!', 'products(first: Int!): [Product!]!'))).toEqual(
      ['A required arg first on Query.products was added.'],
    );
    expect(unannouncedBreakingChanges(published, published.replace(' PRICE }', ' }'))).toEqual(['PRICE was removed from enum type Sort.']);
  });

  it('finds no unannounced breaking change from the published schema to the current one', () => {
    const published = readFileSync(path.join(ROOT, 'schema/published.graphql'), 'utf8');
    expect(unannouncedBreakingChanges(published, readSchemaDir(path.join(ROOT, 'schema/storefront')))).toEqual([]);
  });
});
