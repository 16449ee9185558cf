// npm run staff:unlock -- --email=someone@example.com
// Lets a staff member locked out by wrong codes sign in again (what Unlock on the Staff screen does): the way
// back for a shop whose only owner is the one locked.
import { runFromCommandLine } from './run.js';

const args = process.argv.slice(2);
const match = args.length === 1 ? /^--email=(.+)$/.exec(args[0] as string) : null;
if (!match) {
  console.error('Use --email=<the address they sign in with>.');
  process.exit(2);
}
await runFromCommandLine('staff:unlock', { email: match[1] });
