import { graphql } from './__generated__/gql.js';

// Each operation this client sends, typed by codegen from the published schema (npm run codegen here).

export const Register = graphql(`
  mutation Register($input: RegisterInput!) {
    register(input: $input) {
      id
    }
  }
`);

export const Login = graphql(`
  mutation Login($input: LoginInput!) {
    login(input: $input) {
      token
      customer {
        firstname
      }
    }
  }
`);

export const SearchProducts = graphql(`
  query SearchProducts($query: String!, $first: Int) {
    searchProducts(query: $query, first: $first) {
      totalCount
      items {
        id
        title
        price
        inStock
        colors {
          id
          title
        }
      }
    }
  }
`);

export const AddToCart = graphql(`
  mutation AddToCart($input: AddToCartInput!) {
    addToCart(input: $input) {
      lineCount
      subtotal
      shipping
      total
      lines {
        quantity
        lineTotal
        product {
          title
        }
      }
    }
  }
`);
