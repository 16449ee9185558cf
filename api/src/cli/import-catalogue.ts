// npm run catalogue:import -- <file.json | file.csv> [--type=products|blogs] [--dry-run]
// Imports products (with colours, tags and picture URLs) and blogs into the shop's database
// (DATABASE_URL, or PGlite under DATA_DIR). Every row is checked first; any bad row is reported
// with its line and nothing is written. Rows are matched by slug: importing twice changes nothing.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ImportFileError, type Kind, readImportFile, validateRows } from '../catalogue/import.js';
import { runFromCommandLine } from './run.js';

// `npm run … --workspace api` runs here in api/: paths are read from where it was typed.
const invokedFrom = process.env.INIT_CWD ?? process.cwd();
const args = process.argv.slice(2);
const usage = 'Usage: npm run catalogue:import -- <file.json | file.csv> [--type=products|blogs] [--dry-run]';
const files = args.filter((a) => !a.startsWith('--'));
const typeArg = args.find((a) => a.startsWith('--type='))?.split('=')[1];
const dryRun = args.includes('--dry-run');
const unknown = args.filter((a) => a.startsWith('--') && !a.startsWith('--type=') && a !== '--dry-run');
const die = (message: string, code = 2): never => {
  console.error(message);
  process.exit(code);
};
if (unknown.length > 0) die(`Unknown option ${unknown.join(', ')}\n${usage}`);
if (files.length !== 1) die(usage);
if (typeArg !== undefined && typeArg !== 'products' && typeArg !== 'blogs') die(`--type must be products or blogs, got "${typeArg}"`);
const file = path.resolve(invokedFrom, files[0] as string);
if (!existsSync(file)) die(`No file at ${file}`);
const format = file.toLowerCase().endsWith('.csv')
  ? 'csv'
  : file.toLowerCase().endsWith('.json')
    ? 'json'
    : die('The file must end in .json or .csv');

// Checked here first so a bad file is reported without touching the database; checked again where it runs.
let rows;
try {
  rows = readImportFile(readFileSync(file, 'utf8'), format, typeArg as Kind | undefined);
} catch (err) {
  if (err instanceof ImportFileError) die(`${path.basename(file)}: ${err.message}`, 1);
  throw err;
}
const checked = validateRows(rows);
if (checked.errors.length > 0) {
  for (const e of checked.errors)
    console.error(`${path.basename(file)}:${e.line}: ${e.kind === 'products' ? 'product' : 'blog'}: ${e.message}`);
  die(`${checked.errors.length} problem${checked.errors.length === 1 ? '' : 's'} in ${path.basename(file)}; nothing was imported.`, 1);
}
if (dryRun) {
  console.log(`${checked.products.length} products and ${checked.blogs.length} blogs are valid.`);
  process.exit(0);
}

const tty = process.stderr.isTTY;
let lastShown = -1;
const progress = (done: number, total: number) => {
  const percent = Math.floor((done / total) * 100);
  if (tty) {
    const filled = Math.round(percent / 4);
    process.stderr.write(`\r[${'#'.repeat(filled)}${' '.repeat(25 - filled)}] ${done}/${total}`);
    if (done === total) process.stderr.write('\n');
  } else if (percent >= lastShown + 10 || done === total) {
    lastShown = percent;
    console.error(`${done}/${total} (${percent}%)`);
  }
};
await runFromCommandLine(
  'catalogue:import',
  { fileName: path.basename(file), format, ...(typeArg ? { type: typeArg } : {}), dryRun: false, content: readFileSync(file, 'utf8') },
  { out: (l) => console.log(l), err: (l) => console.error(l), progress },
);
