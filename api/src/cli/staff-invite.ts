// npm run staff:invite -- --email=someone@example.com --role=owner [--name="Their Name"]
// Invites a person to the back office with a role and prints a one-time enrolment link (24 hours): they
// set a password and enrol an authenticator app there. There are no default staff accounts or passwords.
import { runFromCommandLine } from './run.js';

const options = new Map<string, string>();
const unknown: string[] = [];
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  const m = /^--(email|role|name)(?:=(.*))?$/.exec(args[i] as string);
  if (!m) unknown.push(args[i] as string);
  else options.set(m[1] as string, m[2] ?? args[++i] ?? '');
}
const email = options.get('email');
const role = options.get('role');
if (unknown.length > 0 || !email || !role) {
  console.error(
    `${unknown.length > 0 ? `Unknown option ${unknown.join(', ')}. ` : ''}Use --email=<address> --role=<owner|manager|fulfilment|support|catalogue> [--name=<name>].`,
  );
  process.exit(2);
}
const name = options.get('name');
await runFromCommandLine('staff:invite', { email, role, ...(name ? { name } : {}) });
