import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema, type FragmentDefinitionNode, Kind, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { typeDefs } from '../app.js';
import { MAX_OPERATION_COST, operationCost } from './query-cost.js';

const schema = buildSchema(typeDefs);
const webSrc = path.resolve(import.meta.dirname, '../../../web/src');
const documents = (readdirSync(webSrc, { recursive: true }) as string[])
  .filter((f) => f.endsWith('.graphql'))
  .map((f) => readFileSync(path.join(webSrc, f), 'utf8'));
const allFragments = (() => {
  const out: Record<string, FragmentDefinitionNode> = {};
  for (const text of documents) for (const d of parse(text).definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) out[d.name.value] = d;
  return out;
})();

const costOf = (text: string, variables: Record<string, unknown> = {}) => {
  const doc = parse(text);
  const op = doc.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION);
  if (!op || op.kind !== Kind.OPERATION_DEFINITION) throw new Error('no operation');
  return operationCost(schema, op, allFragments, variables);
};

describe('operation cost', () => {
  it('lets every storefront operation through at its largest (100 a page), with room to spare', () => {
    const costs: Record<string, number> = {};
    for (const text of documents) {
      for (const d of parse(text).definitions) {
        if (d.kind !== Kind.OPERATION_DEFINITION) continue;
        costs[d.name?.value ?? '?'] = operationCost(schema, d, allFragments, { pageSize: 100, first: 20 });
      }
    }
    expect(Object.keys(costs).length).toBeGreaterThan(10);
    const largest = Math.max(...Object.values(costs));
    expect(largest).toBeLessThanOrEqual(MAX_OPERATION_COST / 2);
  });

  it('counts list sizes from arguments, variables and defaults', () => {
    expect(costOf('{ products { items { id } } }')).toBe(1 + 20 * 2);
    expect(costOf('query($n: Int) { products(pageSize: $n) { items { id } } }', { n: 100 })).toBe(1 + 100 * 2);
    expect(costOf('{ popularProducts(first: 3) { id colors { id } } }')).toBe(3 * (1 + 1 + 10 * 2));
    // A list the schema says holds a few (@listSize): an order's tax documents count 4, not 10.
    expect(costOf('{ myOrders { taxDocuments { number } } }')).toBe(10 * (1 + 4 * 2));
    expect(costOf('{ myOrders { refunds { id } } }')).toBe(10 * (1 + 10 * 2));
  });

  it('sees a cost bomb that a static count misses', () => {
    const heavy = 'items { id title description images { url } colors { id title } reviews { star comment } }';
    const bomb = `{ ${Array.from({ length: 12 }, (_, i) => `p${i}: products(pageSize: 100) { ${heavy} }`).join(' ')} }`;
    expect(costOf(bomb)).toBeGreaterThan(MAX_OPERATION_COST);
  });
});
