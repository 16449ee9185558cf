// Signs in (making the account first if it is new), searches the catalogue and adds the first match to
// the cart, printing each step. Usage:
//   npm run example:client -- [--shop=http://localhost:4000] [--email=…] [--password=…] [--search=mac]
import { parseArgs } from 'node:util';
import { AddToCart, Login, Register, SearchProducts } from './operations.js';
import { ShopError, shopClient } from './shop.js';

const { values } = parseArgs({
  options: {
    shop: { type: 'string', default: 'http://localhost:4000' },
    email: { type: 'string', default: 'example.client@digitic.example' },
    password: { type: 'string', default: 'an example password' },
    search: { type: 'string', default: 'mac' },
  },
});
const rupees = (n: number) => `Rs. ${n.toLocaleString('en-IN')}`;

async function main() {
  const shop = shopClient(values.shop);
  const credentials = { email: values.email, password: values.password };

  try {
    await shop.send(Register, { input: { firstname: 'Example', lastname: 'Client', ...credentials } });
    console.log(`Registered ${values.email}`);
  } catch (err) {
    // An account made by an earlier run: signing in below says whether the password fits it.
    if (!(err instanceof ShopError && err.code === 'CONFLICT')) throw err;
  }
  const { login } = await shop.send(Login, { input: credentials });
  shop.signedIn(login.token);
  console.log(`Signed in as ${login.customer.firstname}`);

  const { searchProducts } = await shop.send(SearchProducts, { query: values.search, first: 5 });
  console.log(`Search "${values.search}": ${searchProducts.totalCount} found`);
  for (const p of searchProducts.items) console.log(`  ${p.title}  ${rupees(p.price)}${p.inStock ? '' : '  (out of stock)'}`);
  const product = searchProducts.items.find((p) => p.inStock && p.colors.length > 0);
  if (!product) throw new Error(`Nothing in stock matches "${values.search}"`);

  const color = product.colors[0]!;
  const { addToCart: cart } = await shop.send(AddToCart, { input: { productId: product.id, colorId: color.id, quantity: 1 } });
  console.log(`Added ${product.title} (${color.title}) to the cart`);
  for (const line of cart.lines) console.log(`  ${line.quantity} × ${line.product.title}  ${rupees(line.lineTotal)}`);
  console.log(
    `Cart: ${cart.lineCount} line(s), subtotal ${rupees(cart.subtotal)} + shipping ${rupees(cart.shipping)} = ${rupees(cart.total)}`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof ShopError ? `The shop said: ${err.message} (${err.code ?? 'no code'})` : err);
  process.exit(1);
});
