// npm run photos:add -- --product=<address or id> <photo.jpg> [more.png …] [--replace]
// Uploads photos (JPEG, PNG or WebP) and puts them first among a product's pictures (or instead of them,
// with --replace): each is checked and remade as the desk's upload does. Runs on the shop's database
// (DATABASE_URL, or inside the running api that owns the embedded one).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { runFromCommandLine } from './run.js';

const invokedFrom = process.env.INIT_CWD ?? process.cwd();
const args = process.argv.slice(2);
const usage = 'Usage: npm run photos:add -- --product=<address or id> <photo.jpg> [more …] [--replace]';
const die = (message: string, code = 2): never => {
  console.error(message);
  process.exit(code);
};
const product = args.find((a) => a.startsWith('--product='))?.slice('--product='.length);
const replace = args.includes('--replace');
const unknown = args.filter((a) => a.startsWith('--') && !a.startsWith('--product=') && a !== '--replace');
if (unknown.length > 0) die(`Unknown option ${unknown.join(', ')}\n${usage}`);
const files = args.filter((a) => !a.startsWith('--')).map((f) => path.resolve(invokedFrom, f));
if (!product || files.length === 0) die(usage);
if (files.length > 10) die('At most 10 photos at once');
for (const f of files) if (!existsSync(f)) die(`No file at ${f}`);

await runFromCommandLine('photos:add', {
  product,
  replace,
  files: files.map((f) => ({ fileName: path.basename(f), base64: readFileSync(f).toString('base64') })),
});
