import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { command } from '../audit/actor.js';
import { totpFor } from '../staff/secrets.js';
import { startTestApi, uniqueEmail } from '../test/harness.js';
import { runCommand } from './commands.js';

const PASSWORD = 'a long staff password';
const code = (secret: string, ahead = 0) => totpFor(secret, 'x', 'x').generate({ timestamp: Date.now() + ahead * 30_000 });

describe('npm run staff:unlock', () => {
  it('lets the only owner back in when wrong codes in a row locked them (no one is left to unlock them in the desk)', async () => {
    const shop = await startTestApi({ seed: false });
    try {
      const email = uniqueEmail('owner');
      const { staffId, link } = await shop.services.staff.invite({ email, role: 'owner' }, command('test'));
      const token = link.split('#')[1] as string;
      const secret = (await shop.services.staff.invitation(token)).totp.secret;
      await shop.services.staff.enrol(token, { password: PASSWORD, code: code(secret) });
      const owner = { id: staffId, email, secret };
      await sql`update staff set factor_blocked_at = now(), factor_failures = 20 where id = ${owner.id}`.execute(shop.database.db);
      const locked = await shop.http
        .post('/api/admin/session')
        .send({ email: owner.email, password: PASSWORD, code: code(owner.secret, 1) });
      expect(locked.status).toBe(429);
      const lines: string[] = [];
      const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) };
      expect(await runCommand('staff:unlock', shop.services, { email: 'nobody@example.com' }, io)).toBe(1);
      expect(await runCommand('staff:unlock', shop.services, { email: owner.email.toUpperCase() }, io)).toBe(0);
      expect(lines.at(-1)).toMatch(/^Unlocked /);
      const row = await shop.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'staff.unlocked')
        .executeTakeFirstOrThrow();
      expect(row.actor_kind).toBe('command');
      expect(
        (await shop.http.post('/api/admin/session').send({ email: owner.email, password: PASSWORD, code: code(owner.secret, 1) })).status,
      ).toBe(201);
    } finally {
      await shop.close();
    }
  });
});
