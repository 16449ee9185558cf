import type { ApolloServerPlugin } from '@apollo/server';
import {
  type FragmentDefinitionNode,
  GraphQLError,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  Kind,
  OperationTypeNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';

/** Arguments that say how many items a field returns. */
const SIZE_ARGS = ['pageSize', 'first'];
/** The size assumed for a list with no size argument (a product's colours, a cart's lines). */
export const UNBOUNDED_LIST_SIZE = 10;

function argValue(node: ValueNode | undefined, variables: Record<string, unknown>): unknown {
  if (!node) return undefined;
  if (node.kind === Kind.VARIABLE) return variables[node.name.value];
  if (node.kind === Kind.INT) return Number(node.value);
  return undefined;
}

/**
 * What an operation asks of the shop, counted the way the gateway will resolve it: every field
 * costs 1, times the number of items its parents return. A list's size is its `pageSize`/`first`
 * argument (with the variables the client sent, or the schema's default), else UNBOUNDED_LIST_SIZE.
 * graphql-armor's static cost cannot see list sizes; this closes that gap ("cost bomb").
 */
export function operationCost(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: Record<string, FragmentDefinitionNode>,
  variables: Record<string, unknown> = {},
): number {
  const root = operation.operation === OperationTypeNode.MUTATION ? schema.getMutationType() : schema.getQueryType();
  if (!root) return 0;

  const walk = (type: GraphQLNamedType, selectionSet: SelectionSetNode, pageSize: number | undefined, seen: Set<string>): number => {
    let total = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        const on = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : type;
        total += walk(on ?? type, selection.selectionSet, pageSize, seen);
        continue;
      }
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const name = selection.name.value;
        const fragment = fragments[name];
        if (!fragment || seen.has(name)) continue;
        const on = schema.getType(fragment.typeCondition.name.value) ?? type;
        total += walk(on, fragment.selectionSet, pageSize, new Set([...seen, name]));
        continue;
      }
      // Duck-typed rather than instanceof: the schema may come from another copy of graphql (test runners, bundles).
      const fields =
        'getFields' in type && typeof type.getFields === 'function'
          ? (type.getFields() as Record<string, GraphQLField<unknown, unknown>>)
          : null;
      if (!fields || selection.name.value.startsWith('__')) {
        total += 1;
        continue;
      }
      const field = fields[selection.name.value];
      if (!field) continue;
      const sizeArg = field.args.find((a) => SIZE_ARGS.includes(a.name));
      let size: number | undefined;
      if (sizeArg) {
        const given = argValue(selection.arguments?.find((a) => a.name.value === sizeArg.name)?.value, variables);
        const value = typeof given === 'number' ? given : sizeArg.defaultValue;
        size = typeof value === 'number' && value > 0 ? value : UNBOUNDED_LIST_SIZE;
      }
      const typeName = String(field.type);
      const isList = typeName.startsWith('[');
      // A list the schema says holds a few (@listSize): an order's tax documents, its returns (five at most).
      const assumed = field.astNode?.directives
        ?.find((d) => d.name.value === 'listSize')
        ?.arguments?.find((a) => a.name.value === 'assumedSize')?.value;
      if (isList && size === undefined && assumed?.kind === Kind.INT) size = Number(assumed.value);
      // A sized field is either a list itself, or a page whose lists hold that many items.
      const factor = isList ? (size ?? pageSize ?? UNBOUNDED_LIST_SIZE) : 1;
      const named = schema.getType(typeName.replace(/[[\]!]/g, ''));
      const children = selection.selectionSet && named ? walk(named, selection.selectionSet, isList ? undefined : size, seen) : 0;
      total += factor * (1 + children);
    }
    return total;
  };
  return walk(root, operation.selectionSet, undefined, new Set());
}

export const MAX_OPERATION_COST = 12_000;

/** Refuses, before any resolver runs, an operation whose counted cost passes `maxCost`. */
export function queryCostPlugin<T extends object>(maxCost = MAX_OPERATION_COST): ApolloServerPlugin<T> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, document, schema, request }) {
          if (!operation) return;
          const fragments: Record<string, FragmentDefinitionNode> = {};
          for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments[d.name.value] = d;
          const cost = operationCost(schema, operation, fragments, request.variables ?? {});
          if (cost > maxCost) {
            throw new GraphQLError(`This operation costs ${cost}, over the limit of ${maxCost}: ask for fewer items or fields`, {
              extensions: { code: 'QUERY_TOO_COSTLY', cost, maxCost, http: { status: 400 } },
            });
          }
        },
      };
    },
  };
}
