import { AsyncLocalStorage } from 'node:async_hooks';
import type { CatalogueChangesRecord } from '@digitic/rest-contract';
import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import { OperationTypeNode } from 'graphql';
import type { KeyValueCache, KeyValueCacheSetOptions } from '@apollo/utils.keyvaluecache';

// What the shopper sees changes at once. Every cached answer and page (the GraphQL response cache, the
// server-rendered pages, the sitemap; in memory or shared in Redis) carries the tags of what it showed
// ("product:<id>", "products", "blog:<id>", "blogs") and the point of the api's catalogue change log it
// was made at. Every gateway reads the log a few times a second (GET /api/catalogue/changes) and keeps,
// for each tag, the last change that touched it. An entry is served only while no change it has not seen
// touched one of its tags: a price edited in the back office is on every gateway's next page within a
// poll, without waiting out a TTL, and the other products' entries stay.

/** What one request or page render showed, and the change log's point when it began. */
export interface CacheScope {
  tags: Set<string>;
  stamp: number;
  /** The last change its calls to the api recorded (their `catalogue-change` header), 0 for none. */
  wrote: number;
}

const scopes = new AsyncLocalStorage<CacheScope>();

/** Records that the current answer or page shows these (a data source calls it for what it fetched). */
export function touch(...tags: string[]): void {
  const scope = scopes.getStore();
  if (scope) for (const t of tags) scope.tags.add(t);
}

/** Records that one of the current request's calls to the api recorded change `seq` in the log. */
export function wrote(seq: number): void {
  const scope = scopes.getStore();
  if (scope && seq > scope.wrote) scope.wrote = seq;
}

export interface CatalogueSyncOptions {
  /** Reads the change log after a point (the api's GET /api/catalogue/changes). */
  changes: (after: number) => Promise<CatalogueChangesRecord>;
  /** How often the log is read (CATALOGUE_SYNC_MS). */
  intervalMs: number;
  /** How long a mutation's answer waits at most for the log to be read past it (5 s). */
  catchUpMs?: number;
  log?: (message: string) => void;
  /**
   * How long the log may go unread after the gateway starts before that is told (30 s): the api of a shop that is
   * starting (a first start migrates and seeds) is not answering yet, and that is not a fault. Once the log has been
   * read, a failure is told at once.
   */
  startingMs?: number;
}

export class CatalogueSync {
  /** The last change read; -1 until the log has been read once. */
  private position = -1;
  /** Entries made before this point are all stale: the gateway started, or lost track of the log. */
  private flushedAt = Number.MAX_SAFE_INTEGER;
  private readonly touchedAt = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private reading: Promise<void> | null = null;
  private failing = false;
  /** A failure was told (and its end will be). */
  private told = false;
  private readonly startedAt = Date.now();

  constructor(private readonly options: CatalogueSyncOptions) {}

  /** Reads the log now (once at a time), and then every interval. */
  start(): Promise<void> {
    if (!this.timer) {
      this.timer = setInterval(() => void this.read(), this.options.intervalMs);
      this.timer.unref();
    }
    return this.read();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One read of the log: each change moves its tags' points; a gap in the log makes every entry stale. */
  read(): Promise<void> {
    this.reading ??= this.readOnce().finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  private async readOnce(): Promise<void> {
    try {
      for (;;) {
        const after = Math.max(this.position, 0);
        const page = await this.options.changes(after);
        if (this.told) this.options.log?.('[gateway] reading the catalogue change log again');
        this.failing = false;
        this.told = false;
        if (this.position < 0) {
          // Nothing known of what happened before: whatever is in a shared cache is stale until made again.
          this.flushedAt = page.latest;
          this.position = page.latest;
          return;
        }
        if (!page.reachesBack) {
          // The log no longer reaches back to our point: drop everything made before now.
          this.flushedAt = page.latest;
          this.touchedAt.clear();
        }
        for (const change of page.changes) for (const tag of change.tags) this.touchedAt.set(tag, change.seq);
        this.position = page.latest;
        if (page.complete) return;
      }
    } catch (err) {
      this.failing = true;
      const starting = this.position < 0 && Date.now() - this.startedAt < (this.options.startingMs ?? 30_000);
      if (!this.told && !starting) {
        this.options.log?.(`[gateway] the catalogue change log could not be read: ${err instanceof Error ? err.message : String(err)}`);
        this.told = true;
      }
    }
  }

  /**
   * Reads the log once more, in a read that starts after this call (after the one under way, if any): a change
   * committed before it is then known. A mutation made through this gateway waits for it, so that its caller's
   * next page or answer shows what they changed, not a copy cached before it.
   *
   * It waits at most `catchUpMs`, and not at all while the log cannot be read: an api too slow to answer the
   * log's read (each read may take the whole upstream timeout) must not hold the mutation's answer back as well.
   * The change is then known at the next reading.
   */
  async catchUp(): Promise<void> {
    if (this.failing) {
      void this.read();
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.options.catchUpMs ?? 5_000);
    });
    const caughtUp = (async () => {
      await this.reading;
      await this.read();
    })();
    try {
      await Promise.race([caughtUp, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The point new entries are stamped with. */
  get stamp(): number {
    return this.position;
  }

  /** True while no change after `stamp` touched any of `tags` (and the log had been read when it was made). */
  isFresh(stamp: number, tags: Iterable<string>): boolean {
    if (stamp < 0 || stamp < this.flushedAt) return false;
    for (const tag of tags) if ((this.touchedAt.get(tag) ?? 0) > stamp) return false;
    return true;
  }

  /** A scope for one request or render, stamped now. */
  newScope(): CacheScope {
    return { tags: new Set(), stamp: this.position, wrote: 0 };
  }

  /** Runs `fn` inside `scope`: what it fetches is recorded there. */
  run<T>(scope: CacheScope, fn: () => T): T {
    return scopes.run(scope, fn);
  }
}

/**
 * A GraphQL server's mutations answered only once this gateway has read the change log past them: whoever
 * changed something (a review, a price in the back office) sees it on their next page, not a copy cached before.
 * Only a mutation whose calls recorded a change the gateway has not read yet waits (most, a cart's or a checkout's,
 * record none: the log's read would be work and a round trip for nothing). Outside a scope, every mutation waits.
 */
export function catchUpAfterMutations<C extends BaseContext>(sync: CatalogueSync): ApolloServerPlugin<C> {
  return {
    requestDidStart: async () => ({
      async willSendResponse({ operation }) {
        if (operation?.operation !== OperationTypeNode.MUTATION) return;
        const scope = scopes.getStore();
        if (scope && scope.wrote <= sync.stamp) return;
        await sync.catchUp();
      },
    }),
  };
}

/**
 * A cache whose entries carry the tags and stamp of the scope that made them, and are misses once a
 * change touched one of their tags. An entry read (a hit) adds its tags to the current scope, so a page
 * made from cached answers knows what it shows. An entry made outside a scope is made with no tags.
 *
 * Stored as "stamp\ttag tag …\n" then the value, so a page's HTML is not escaped a second time.
 */
export function taggedCache(inner: KeyValueCache<string>, sync: CatalogueSync): KeyValueCache<string> {
  return {
    async get(key) {
      const raw = await inner.get(key);
      if (raw === undefined) return undefined;
      const newline = raw.indexOf('\n');
      const [stampText, tagText = ''] = raw.slice(0, Math.max(newline, 0)).split('\t');
      const stamp = Number(stampText);
      const tags = tagText ? tagText.split(' ') : [];
      if (newline < 0 || !Number.isInteger(stamp) || !sync.isFresh(stamp, tags)) return undefined;
      touch(...tags);
      return raw.slice(newline + 1);
    },
    async set(key: string, value: string, options?: KeyValueCacheSetOptions) {
      const scope = scopes.getStore();
      const stamp = scope?.stamp ?? sync.stamp;
      // Made before the log was first read: nothing says what it could be stale against.
      if (stamp < 0) return;
      await inner.set(key, `${stamp}\t${[...(scope?.tags ?? [])].join(' ')}\n${value}`, options);
    },
    delete: (key) => inner.delete(key),
  };
}
