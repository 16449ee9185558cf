/** What a new explorer tab shows: a first query that runs as it is, and how to sign in. */
export const INITIAL_QUERY = `# Digitic's GraphQL explorer, served by the shop
# itself: it works offline.
#
# Run the query below with the play button (Ctrl-Enter).
# Top left: the schema's docs; below it, your history.
#
# Catalogue fields need no account. Cart, wishlist,
# orders and checkout do: in a new tab (+), make one
#   mutation Register {
#     register(input: { firstname: "Asha",
#       email: "asha@example.com",
#       password: "a-long-password" }) { id }
#   }
# then sign in and copy the token:
#   mutation Login {
#     login(input: { email: "asha@example.com",
#       password: "a-long-password" }) { token }
#   }
# and put it in Headers below, as its comment says.
query FirstProducts {
  products(pageSize: 3) {
    items {
      id
      title
      price
      category
    }
    totalCount
  }
}
`;

export const INITIAL_HEADERS = `{
  // Signed-in fields need your token from login:
  // remove the // below and paste it after "Bearer ".
  // "Authorization": "Bearer <token from login>"
}
`;
