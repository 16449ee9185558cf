import { z } from 'zod';
import { ImportFileError, importRows, readImportFile, validateRows } from '../catalogue/import.js';
import { describeReport } from '../payments/reconcile.js';
import type { Services } from '../services.js';
import { command } from '../audit/actor.js';
import { DomainError } from '../domain/errors.js';
import { listUnsettled, settleUnsettled } from '../refunds/unsettled.js';
import { recordAudit } from '../audit/record.js';
import { productTag, recordChange } from '../catalogue/changes.js';
import { isUuid } from '../domain/ids.js';
import { describePictures } from '../photos/photos.js';

/**
 * The shop's data commands, one implementation each, run either by the command line process (on
 * PostgreSQL, or on an embedded database it has locked) or inside the running api that owns the
 * embedded database (POST /api/internal/commands/:name), with the same input and the same output.
 */
export type CommandDeps = Pick<Services, 'db' | 'payments' | 'checkouts' | 'reconcile' | 'staff' | 'photos'>;

export interface CommandIo {
  out: (line: string) => void;
  err: (line: string) => void;
  progress?: (done: number, total: number) => void;
}

export const ImportInput = z.object({
  fileName: z.string().max(300),
  format: z.enum(['json', 'csv']),
  type: z.enum(['products', 'blogs']).optional(),
  dryRun: z.boolean().default(false),
  content: z.string(),
});
export const SettleInput = z.object({
  refund: z.boolean().default(false),
  all: z.boolean().default(false),
  only: z.string().max(60).optional(),
});
export const ReconcileInput = z.object({});
export const StaffInviteInput = z.object({ email: z.string().max(254), role: z.string().max(20), name: z.string().max(100).optional() });

export const StaffUnlockInput = z.object({ email: z.string().max(254) });

export const PhotosAddInput = z.object({
  product: z.string().trim().min(1).max(200),
  files: z
    .array(z.object({ fileName: z.string().max(300), base64: z.string().max(70 * 1024 * 1024) }))
    .min(1, 'name at least one photo')
    .max(10, 'at most 10 photos at once'),
  replace: z.boolean().default(false),
});

const rupees = (paise: number) => `Rs. ${(paise / 100).toFixed(2)}`;

async function catalogueImport(deps: CommandDeps, input: z.infer<typeof ImportInput>, io: CommandIo): Promise<number> {
  let rows;
  try {
    rows = readImportFile(input.content, input.format, input.type);
  } catch (err) {
    if (err instanceof ImportFileError) {
      io.err(`${input.fileName}: ${err.message}`);
      return 1;
    }
    throw err;
  }
  const checked = validateRows(rows);
  if (checked.errors.length > 0) {
    for (const e of checked.errors) io.err(`${input.fileName}:${e.line}: ${e.kind === 'products' ? 'product' : 'blog'}: ${e.message}`);
    io.err(`${checked.errors.length} problem${checked.errors.length === 1 ? '' : 's'} in ${input.fileName}; nothing was imported.`);
    return 1;
  }
  io.out(`${checked.products.length} products and ${checked.blogs.length} blogs are valid.`);
  if (input.dryRun) return 0;
  try {
    const result = await importRows(deps.db, checked, io.progress ?? (() => {}));
    io.out(
      `Imported: products ${result.products.created} new, ${result.products.updated} updated; blogs ${result.blogs.created} new, ${result.blogs.updated} updated.`,
    );
    return 0;
  } catch (err) {
    io.err(`The import failed and nothing was written: ${(err as Error).message}`);
    return 1;
  }
}

async function paymentsSettle(deps: CommandDeps, input: z.infer<typeof SettleInput>, io: CommandIo): Promise<number> {
  const rows = await listUnsettled(deps.db, input.all);
  if (rows.length === 0)
    io.out(input.all ? 'No payments were ever kept for a refund.' : 'Nothing to settle: every kept payment is refunded.');
  for (const r of rows) {
    const status = r.refundedAt ? `refunded ${r.refundId} on ${r.refundedAt.toISOString()}` : 'not refunded';
    io.out(`${r.paymentId}  ${rupees(r.amountPaid).padStart(14)}  ${r.email}  ${r.createdAt.toISOString()}  ${r.reason}  — ${status}`);
  }
  if (!input.refund) {
    if (rows.some((r) => !r.refundedAt)) io.out('Run with --refund to refund them.');
    return 0;
  }
  const results = await settleUnsettled(deps.db, deps.payments, {
    only: input.only,
    onProgress: (r) => {
      const detail = 'refundId' in r ? `${r.refundId} (${rupees(r.amount)})` : 'why' in r ? r.why : rupees(r.amount);
      io.out(`${r.paymentId}: ${r.outcome} ${detail}`);
    },
  });
  for (const r of results) if (r.outcome === 'refunded') await deps.checkouts.sendRefundNotice(r.paymentId);
  const done = results.filter((r) => r.outcome === 'refunded').length;
  io.out(`${done} refunded, ${results.length - done} not (see above).`);
  return results.some((r) => r.outcome === 'failed') ? 1 : 0;
}

async function paymentsReconcile(deps: CommandDeps, _input: unknown, io: CommandIo): Promise<number> {
  const report = await deps.reconcile();
  io.out(`Reconciled: ${describeReport(report)}.`);
  for (const e of report.errors) io.err(e);
  return report.errors.length > 0 ? 1 : 0;
}

async function staffInvite(deps: CommandDeps, input: z.infer<typeof StaffInviteInput>, io: CommandIo): Promise<number> {
  return refusedAs('Not invited', io, async () => {
    const invite = await deps.staff.invite(input, command('staff:invite'));
    io.out(`Invited ${input.email} as ${input.role}. Their one-time enrolment link (good until ${invite.expiresAt.toISOString()}):`);
    io.out(invite.link);
    io.out('They set a password and enrol an authenticator app there; nobody else should open it.');
  });
}

/** Runs a command's work: 0 when done; a refusal of the shop's (a `DomainError`) said after `what` and 1; anything else thrown on. */
async function refusedAs(what: string, io: CommandIo, work: () => Promise<void>): Promise<number> {
  try {
    await work();
    return 0;
  } catch (err) {
    if (err instanceof DomainError) {
      io.err(`${what}: ${err.message}`);
      return 1;
    }
    throw err;
  }
}

/**
 * Lets a locked-out staff member sign in again: the way back when the only person who could unlock them in the
 * desk (the only owner) is the one locked. Whoever runs it can run the shop's processes, so it asks no factor.
 */
async function staffUnlock(deps: CommandDeps, input: z.infer<typeof StaffUnlockInput>, io: CommandIo): Promise<number> {
  const email = input.email.trim().toLowerCase();
  const found = (await deps.staff.list()).find((s) => s.status === 'active' && s.email.toLowerCase() === email);
  if (!found) {
    io.err(`Not unlocked: no active staff member signs in as ${input.email}.`);
    return 1;
  }
  return refusedAs('Not unlocked', io, async () => {
    await deps.staff.unlock(found.id, command('staff:unlock'));
    io.out(`Unlocked ${found.email}: they can sign in again now. If the wrong codes were not theirs, have them change their password.`);
  });
}

/**
 * Uploads photos and puts them on a product, first (before its pictures), or instead of them with
 * `replace`: the desk's upload, for many files or a script. Every photo is checked first; if one is refused,
 * none is stored or put on the product.
 */
async function photosAdd(deps: CommandDeps, input: z.infer<typeof PhotosAddInput>, io: CommandIo): Promise<number> {
  const who = command('photos:add');
  const find = (db: typeof deps.db) =>
    db
      .selectFrom('products')
      .select(['id', 'title', 'images'])
      .where((eb) => (isUuid(input.product) ? eb('id', '=', input.product.toLowerCase()) : eb('slug', '=', input.product)));
  const product = await find(deps.db).executeTakeFirst();
  if (!product) {
    io.err(`No product has the id or address ${input.product}`);
    return 1;
  }
  if ((input.replace ? 0 : product.images.length) + input.files.length > 20) {
    io.err(`${product.title} would have more than 20 pictures: use --replace, or remove some in the desk first. Nothing was uploaded.`);
    return 1;
  }
  // Every file checked and remade first: if one is refused, nothing is stored and the product is left as it is.
  const checked = [];
  for (const f of input.files) {
    try {
      checked.push({ fileName: f.fileName, photo: await deps.photos.check(Buffer.from(f.base64, 'base64')) });
    } catch (err) {
      if (err instanceof DomainError) {
        io.err(`${f.fileName}: ${err.message}; no photo was put on ${product.title}.`);
        return 1;
      }
      throw err;
    }
  }
  const urls: string[] = [];
  for (const { fileName, photo } of checked) {
    const saved = await deps.photos.save(photo, who);
    urls.push(saved.url);
    io.out(
      `${fileName}: ${saved.width} × ${saved.height}, made at ${saved.widths.join(', ')} px (${Math.round(saved.bytesStored / 1024)} KB in all): ${saved.url}`,
    );
  }
  const count = await deps.db.transaction().execute(async (trx) => {
    // The product as it is now, locked: an edit made meanwhile in the desk is kept, not overwritten.
    const now = await find(trx).forUpdate().executeTakeFirstOrThrow();
    const kept = input.replace ? [] : now.images.map((i) => i.url).filter((u) => !urls.includes(u));
    const images = [...urls, ...kept];
    if (images.length > 20) return null;
    await trx
      .updateTable('products')
      .set((eb) => ({ version: eb('version', '+', 1), updated_at: new Date() }))
      .where('id', '=', now.id)
      .execute();
    const described = await describePictures(
      trx,
      images.map((url) => ({ url })),
      now.images,
    );
    await trx
      .updateTable('products')
      .set({ images: JSON.stringify(described) })
      .where('id', '=', now.id)
      .execute();
    await recordAudit(trx, who, {
      action: 'product.photos_added',
      subject: { kind: 'product', id: now.id },
      before: { images: now.images.map((i) => i.url) },
      after: { images },
    });
    await recordChange(trx, [productTag(now.id), 'products']);
    return images.length;
  });
  if (count === null) {
    io.err(
      `${product.title} would have more than 20 pictures: use --replace, or remove some in the desk first. The photos are uploaded (${urls.join(', ')}) but not on the product.`,
    );
    return 1;
  }
  io.out(`${product.title} now has ${count} picture${count === 1 ? '' : 's'}, ${urls.length} of them new.`);
  return 0;
}

export const COMMANDS = {
  'photos:add': { input: PhotosAddInput, run: photosAdd },
  'catalogue:import': { input: ImportInput, run: catalogueImport },
  'payments:settle': { input: SettleInput, run: paymentsSettle },
  'payments:reconcile': { input: ReconcileInput, run: paymentsReconcile },
  'staff:invite': { input: StaffInviteInput, run: staffInvite },
  'staff:unlock': { input: StaffUnlockInput, run: staffUnlock },
} as const;

export type CommandName = keyof typeof COMMANDS;

export const isCommand = (name: string): name is CommandName => Object.hasOwn(COMMANDS, name);

/** Runs a command with its input checked; `io` receives its lines; resolves with its exit code. */
export async function runCommand(name: CommandName, deps: CommandDeps, rawInput: unknown, io: CommandIo): Promise<number> {
  const command = COMMANDS[name];
  const parsed = command.input.safeParse(rawInput);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    io.err(`${name}: ${issue?.path.join('.') || 'input'}: ${issue?.message ?? 'invalid'}`);
    return 2;
  }
  return (command.run as (d: CommandDeps, i: unknown, o: CommandIo) => Promise<number>)(deps, parsed.data, io);
}
