import type { Logger } from 'pino';

export interface FirstOwnerBanner {
  link: string;
  expiresAt: Date;
  /** The shop's public address: the banner waits for it to be ready, so that it is printed after the rest's start lines. */
  webUrl: string;
  hasActiveOwner: () => Promise<boolean>;
  logger: Pick<Logger, 'warn'>;
  /** How often it is printed again until someone enrols. */
  everyMs?: number;
  /** How long it waits for the public address before printing anyway. */
  waitMs?: number;
  /** After the address is ready: the gateway notices the api within a quarter of a second and prints where it answers. */
  settleMs?: number;
}

const REPEAT_MS = 5 * 60_000;
const WAIT_MS = 30_000;

/**
 * The first owner's one-time link, printed where a person starting the shop sees it: once the shop's public
 * address is ready and a second more (in `npm start` the gateway's own start lines come first, so the link is the
 * last line of the start), and again every few minutes until someone enrols, so that the log's other lines never scroll it away.
 * After the link expires it says so, once, and how to get a new one. Returns a stop function.
 */
export function announceFirstOwner(banner: FirstOwnerBanner): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const say = () =>
    banner.logger.warn(
      `No one can run this shop yet. The first owner sets up the back office here (once, within 24 hours): ${banner.link} ` +
        '(or invite someone with npm run staff:invite -- --email=<address> --role=owner)',
    );
  const again = async () => {
    if (stopped || (await banner.hasActiveOwner().catch(() => false))) return;
    if (Date.now() >= banner.expiresAt.getTime()) {
      banner.logger.warn(
        "No one can run this shop yet, and the first owner's link has expired: restart the shop for a new one " +
          '(or invite someone with npm run staff:invite -- --email=<address> --role=owner)',
      );
      return;
    }
    say();
    timer = setTimeout(() => void again(), banner.everyMs ?? REPEAT_MS);
    timer.unref();
  };
  void (async () => {
    const until = Date.now() + (banner.waitMs ?? WAIT_MS);
    while (!stopped && Date.now() < until) {
      const up = await fetch(`${banner.webUrl}/ready`, { signal: AbortSignal.timeout(1_000) }).then(
        (r) => r.ok,
        () => false,
      );
      if (up) {
        await new Promise((r) => setTimeout(r, banner.settleMs ?? 1_000));
        break;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    if (stopped) return;
    // A warning, so it shows at any log level: until someone follows it, nobody can run the shop.
    say();
    timer = setTimeout(() => void again(), banner.everyMs ?? REPEAT_MS);
    timer.unref();
  })();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
