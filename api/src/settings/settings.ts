import type { ShopSettingsRecord, ShopSettingsValues } from '@digitic/rest-contract';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Actor } from '../audit/actor.js';
import { recordAudit } from '../audit/record.js';
import { recordChange } from '../catalogue/changes.js';
import type { Database } from '../db/schema.js';
import { versionConflict } from '../domain/errors.js';
import { versionRead } from '../http/validate.js';

// The shop's own details, saved by the owner over their defaults. A save names the version it read (two
// owners saving at once: one is told), is in the audit trail with what each detail was and became, and is
// announced in the change log ('settings'), so every gateway's next page shows it, as a catalogue edit.

/**
 * A detail: blank or null is "the default"; otherwise trimmed, at most `max` characters, on one line unless it
 * may have several (the address): a name goes into e-mail subjects and page titles.
 */
const detail = (label: string, max: number, lines: 'one line' | 'lines' = 'one line') =>
  z
    .string({ error: `${label} must be text` })
    .max(max, `${label} is at most ${max} characters`)
    // Control characters never (a tab or a line break only where lines are allowed).
    .refine((v) => !(lines === 'lines' ? /(?![\t\n\r])\p{Cc}/u : /\p{Cc}/u).test(v), {
      message: lines === 'lines' ? `${label} has a character that is not text` : `${label} is one line of text`,
    })
    .nullish()
    .transform((v) => v?.trim() || null);

const PHONE = /^\+?[\d\s()-]{6,30}$/;

export const ShopSettingsInput = z.object(
  {
    name: detail("The shop's name", 80),
    legalName: detail('The legal name', 160),
    address: detail('The address', 300, 'lines'),
    phone: detail('The support phone', 30).refine((v) => v === null || PHONE.test(v), {
      message: 'The support phone is digits, spaces, dashes and brackets, perhaps after a + (at least 6)',
    }),
    email: detail('The support e-mail', 254).refine((v) => v === null || z.email().safeParse(v).success, {
      message: 'The support e-mail is not an e-mail address',
    }),
    hours: detail('The opening hours', 120),
    freeShippingNotice: detail('The header notice', 120),
    grievanceName: detail("The grievance officer's name", 120),
    grievanceDesignation: detail("The grievance officer's designation", 120),
    grievanceEmail: detail("The grievance officer's e-mail", 254).refine((v) => v === null || z.email().safeParse(v).success, {
      message: "The grievance officer's e-mail is not an e-mail address",
    }),
    grievancePhone: detail("The grievance officer's phone", 30).refine((v) => v === null || PHONE.test(v), {
      message: "The grievance officer's phone is digits, spaces, dashes and brackets, perhaps after a + (at least 6)",
    }),
    version: versionRead('settings'),
  },
  { error: 'The body is an object of the shop’s details and the version read' },
);
export type ShopSettingsInput = z.output<typeof ShopSettingsInput>;

/** Only what is set: the defaults are the readers' (the gateway's environment). */
const setOnly = (values: ShopSettingsValues): ShopSettingsValues =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => typeof v === 'string' && v !== ''));

/** Who the shop's e-mails say they are from: the saved name and support address, or the environment's. */
export interface ShopIdentity {
  name: string;
  email: string;
}
/** Reads the shop's identity now (a second-old copy at most: see shopSettings' identity). */
export type ShopIdentityReader = () => Promise<ShopIdentity>;

/** How long an api keeps the identity it read: another api's save reaches this one's e-mails within it. */
const IDENTITY_TTL_MS = 1000;

/** The environment's identity when nothing is saved (SHOP_NAME and SHOP_EMAIL: see config/env.ts). */
export function shopSettings(db: Kysely<Database>, defaults: ShopIdentity = { name: 'Digitic', email: 'support@digitic.example' }) {
  async function get(): Promise<ShopSettingsRecord> {
    const row = await db.selectFrom('shop_settings').select(['values', 'version', 'updated_at']).where('id', '=', 1).executeTakeFirst();
    return { values: setOnly(row?.values ?? {}), version: row?.version ?? 0, updatedAt: row?.updated_at?.toISOString() ?? null };
  }

  // E-mails are sent in bursts (a day's notices, a batch of refunds): one read serves them all. A save here
  // forgets it at once; another api (PostgreSQL, several processes) reads the save within IDENTITY_TTL_MS.
  let cached: { at: number; identity: Promise<ShopIdentity> } | undefined;
  const identity: ShopIdentityReader = () => {
    if (!cached || Date.now() - cached.at > IDENTITY_TTL_MS) {
      // A read that fails gives the environment's identity (an e-mail is never lost for want of the shop's
      // name) and is not kept: the next e-mail asks again.
      const read: Promise<ShopIdentity> = get().then(
        ({ values }) => ({ name: values.name ?? defaults.name, email: values.email ?? defaults.email }),
        () => {
          if (cached?.identity === read) cached = undefined;
          return defaults;
        },
      );
      cached = { at: Date.now(), identity: read };
    }
    return cached.identity;
  };

  return {
    get,
    identity,

    /** Saves every detail over the version read; each change is in the audit trail as before → after. */
    async update(input: ShopSettingsInput, actor: Actor): Promise<ShopSettingsRecord> {
      await db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('shop_settings').selectAll().where('id', '=', 1).forUpdate().executeTakeFirstOrThrow();
        if (before.version !== input.version) {
          throw versionConflict("The shop's details were changed by someone else since you opened them. Reload them, then try again.");
        }
        const old = setOnly(before.values);
        const { version: _read, ...values } = input;
        const now = setOnly(values);
        const changed = [...new Set([...Object.keys(old), ...Object.keys(now)])].filter(
          (k) => old[k as keyof ShopSettingsValues] !== now[k as keyof ShopSettingsValues],
        ) as (keyof ShopSettingsValues)[];
        if (changed.length === 0) return;
        await trx
          .updateTable('shop_settings')
          .set((eb) => ({ values: JSON.stringify(now), version: eb('version', '+', 1), updated_at: new Date() }))
          .where('id', '=', 1)
          .execute();
        await recordAudit(trx, actor, {
          action: 'settings.updated',
          subject: { kind: 'settings', id: 'shop' },
          before: Object.fromEntries(changed.map((k) => [k, old[k] ?? null])),
          after: Object.fromEntries(changed.map((k) => [k, now[k] ?? null])),
        });
        await recordChange(trx, ['settings']);
      });
      cached = undefined;
      return get();
    },
  };
}

export type ShopSettings = ReturnType<typeof shopSettings>;
