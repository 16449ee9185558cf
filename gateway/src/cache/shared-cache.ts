import { InMemoryLRUCache, type KeyValueCache } from '@apollo/utils.keyvaluecache';
import type { CatalogueChangeHeader, CatalogueChangesRecord } from '@digitic/rest-contract';
import type { AxiosInstance } from 'axios';
import type { GatewayConfig } from '../config/env.js';
import type * as RedisStores from '../security/redis-stores.js';
import { CatalogueSync, taggedCache, wrote } from './catalogue-sync.js';

const CHANGE_HEADER: CatalogueChangeHeader = 'catalogue-change';

/**
 * The gateway's one cache (Apollo's documents and answers, the pages, the sitemaps): the given one, Redis's
 * when the shop uses Redis, or one in memory; tagged so that what is cached of the catalogue goes as soon as
 * the api's change log says it changed (catalogue-sync.ts), through the log's reader returned beside it.
 */
export function createSharedCache(deps: {
  config: GatewayConfig;
  http: AxiosInstance;
  /** Loaded only when the shop uses Redis. */
  redis: typeof RedisStores | null;
  given?: KeyValueCache<string>;
  log: (message: string) => void;
}) {
  const { config, http, redis } = deps;
  const sync = new CatalogueSync({
    intervalMs: config.catalogueSyncMs,
    changes: async (after) => (await http.get<CatalogueChangesRecord>('catalogue/changes', { params: { after } })).data,
    log: deps.log,
  });
  // A call that recorded a change says so (its answer's header, an error's too: a change may commit before a failure).
  const noteChange = (headers: unknown) => {
    const seq = Number((headers as Record<string, unknown> | undefined)?.[CHANGE_HEADER]);
    if (Number.isSafeInteger(seq) && seq > 0) wrote(seq);
  };
  http.interceptors.response.use(
    (res) => {
      noteChange(res.headers);
      return res;
    },
    (err: unknown) => {
      noteChange((err as { response?: { headers?: unknown } }).response?.headers);
      throw err;
    },
  );
  const store: KeyValueCache<string> =
    deps.given ??
    (redis && config.redisUrl
      ? // Entries carry the change log's tags and point (catalogue-sync.ts): a namespace of their own, so a
        // gateway of the previous release, running beside this one during an upgrade, never reads one.
        redis.redisCache(config.redisUrl, `${config.redisPrefix}-gateway-tagged`)
      : new InMemoryLRUCache<string>({
          // Sized in bytes as memory holds them (a string may take two a character, its key too, and each
          // entry some more), not in characters: 64 MiB of pages is then 64 MiB of memory, not twice that.
          maxSize: 64 * 1024 * 1024,
          sizeCalculation: (value: string, key: string) => 2 * (value.length + key.length) + 64,
        }));
  return { sync, cache: taggedCache(store, sync) };
}
