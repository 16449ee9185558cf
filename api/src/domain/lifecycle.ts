import type { Transitions } from '@digitic/shop-rules';
import type { Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { Database } from '../db/schema.js';
import { notFound, transitionRefused, versionConflict } from './errors.js';

/**
 * A lifecycle as a table: for each status, the statuses it may move to. Every lifecycle of the shop is one
 * (the order's and the return's in shop-rules; the checkout's, the refund's and the coupon hold's here), and
 * each has one mover that alone writes its status column.
 */
export type Lifecycle<S extends string> = Transitions<S>;

/** Whether the table lets a row move from `from` to `to`. */
export const mayMove = <S extends string>(table: Lifecycle<S>, from: S, to: S): boolean => table[from].includes(to);

/** The statuses a row may be in to move to `to`: for a set-based move (`where status in …`). */
export const movesTo = <S extends string>(table: Lifecycle<S>, to: S): S[] =>
  (Object.keys(table) as S[]).filter((from) => table[from].includes(to));

type Db = Kysely<Database> | Transaction<Database>;

/** Runs `work` in the caller's transaction, or in a new one. */
export const inTransaction = <T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> =>
  db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);

/** The tables whose rows move through a lifecycle with a version, and their status column. */
interface Versioned {
  orders: 'order_status';
  returns: 'status';
  checkouts: 'status';
  order_refunds: 'state';
}
type MovableRow = { id: string; version: number; updated_at: Date } & Record<string, unknown>;

/**
 * The guarded write every versioned mover ends with: the status and the patch written and the version moved
 * on, only while the row is still at the status and version it was read at (the caller holds its lock and has
 * checked the move against its table). Answers the row as it now is, or undefined when it had moved on.
 */
export async function guardedMove<T extends keyof Versioned>(
  trx: Transaction<Database>,
  table: T,
  read: { id: string; version: number },
  status: { column: Versioned[T]; from: string; to: string },
  patch: Omit<Updateable<Database[T]>, Versioned[T] | 'version' | 'id'>,
): Promise<Selectable<Database[T]> | undefined> {
  // One statement for each of the tables: the row type is what they share (id, version, updated_at, a status).
  const rows = trx as unknown as Transaction<{ movable: MovableRow }>;
  const moved = await rows
    .updateTable(table as unknown as 'movable')
    .set((eb) => ({
      ...(patch as Record<string, unknown>),
      [status.column]: status.to,
      version: eb('version', '+', 1),
      updated_at: new Date(),
    }))
    .where('id', '=', read.id)
    .where(status.column as string, '=', status.from)
    .where('version', '=', read.version)
    .returningAll()
    .executeTakeFirst();
  return moved as Selectable<Database[T]> | undefined;
}

/** What `lockForMove` needs to know of a kind of record: its table, its name, its status column and its rules. */
export interface MovableKind<T extends 'orders' | 'returns', S extends string> {
  table: T;
  noun: 'order' | 'return';
  column: Versioned[T];
  isStatus: (v: unknown) => v is S;
  /** Why a move is refused, or null when the table allows it (shop-rules). */
  problem: (from: S, to: S) => string | null;
}

/**
 * The read every versioned mover of an order or a return starts with, in the caller's transaction: the row
 * locked, then refused (with a typed error and a clear message) when it is not there, when it has moved past the
 * version the caller read, or when the move is not in the kind's table. Answers the row and its status.
 */
export async function lockForMove<T extends 'orders' | 'returns', S extends string>(
  trx: Transaction<Database>,
  kind: MovableKind<T, S>,
  id: string,
  move: { to: S; expectedVersion?: number | undefined },
): Promise<{ row: Selectable<Database[T]>; from: S }> {
  const rows = trx as unknown as Transaction<{ movable: MovableRow }>;
  const row = await rows
    .selectFrom(kind.table as unknown as 'movable')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound(kind.noun === 'order' ? 'Order not found' : 'Return not found');
  if (move.expectedVersion !== undefined && move.expectedVersion !== row.version) {
    throw versionConflict(
      `This ${kind.noun} was changed by someone else since you opened it. Reload it to see what changed, then try again.`,
    );
  }
  const from = row[kind.column];
  if (!kind.isStatus(from)) throw new Error(`${kind.noun} ${id} has an unknown status ${String(from)}`);
  const problem = kind.problem(from, move.to);
  if (problem) throw transitionRefused(problem);
  return { row: row as unknown as Selectable<Database[T]>, from };
}
