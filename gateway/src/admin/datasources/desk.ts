import { segment } from '../../datasources/upstream.js';
import type { StaffUpstream } from './upstream.js';

/**
 * A desk of the api's staff routes: its records under one path, listed by a query (Q, answered L) and each
 * read whole (R) at path/:id, the id checked to be one path segment. A desk's writes answer the record whole.
 */
export class Desk<Q extends object, L, R> {
  constructor(
    protected readonly upstream: StaffUpstream,
    protected readonly path: string,
    /** What a record is called when an id cannot name one ("Order not found"). */
    private readonly what: string,
  ) {}

  protected at = (id: string) => `${this.path}/${segment(id, this.what)}`;

  list = (query: Q) => this.upstream.get<L, Q>(this.path, query);
  get = (id: string) => this.upstream.get<R>(this.at(id));

  /** A new record (POST path). */
  protected add = <B>(body: B) => this.upstream.send<R, B>('POST', this.path, body);
  /** A record's fields written (PUT path/:id). */
  protected put = <B>(id: string, body: B) => this.upstream.send<R, B>('PUT', this.at(id), body);
  /** One of a record's actions (POST path/:id/action). */
  protected act = <B>(id: string, action: string, body: B) => this.upstream.send<R, B>('POST', `${this.at(id)}/${action}`, body);
}
