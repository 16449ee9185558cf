import type {
  PublicShopSettingsRecord,
  SellerRecord,
  ShopSettingKey,
  ShopSettingsRecord,
  ShopSettingsValues,
} from '@digitic/rest-contract';
import type { AxiosInstance } from 'axios';
import { type CatalogueSync, touch } from './cache/catalogue-sync.js';
import type { GatewayConfig } from './config/env.js';

// The shop's own details as every page shows them: what the owner saved in the back office (the api's
// /api/shop-settings) over the defaults (the environment's SHOP_* settings and the spec's texts). Read
// once, and again when the change log says the settings changed ('settings', as a product edit says
// 'product:<id>'): a save is on the next page within a poll of the log, and no page asks the api for it.

export type ShopDetails = Record<ShopSettingKey, string> & {
  /** The seller the tax invoices name (the api's SELLER_*): absent until the api has answered once. */
  seller?: SellerRecord;
};

/** What the grievance officer's details show while the owner has named no one: said to be a stand-in. */
export const GRIEVANCE_STAND_IN = 'Not yet named (demo details: the shop owner names the grievance officer in Shop details)';

/** What shows where the owner saved nothing: the environment's settings and the spec's own texts. */
export function shopDefaults(config: GatewayConfig): ShopDetails {
  return {
    name: config.shop.name,
    legalName: config.shop.name,
    address: config.shop.address,
    phone: config.shop.phone,
    email: config.shop.email,
    hours: 'Monday – Sunday 10 AM – 8 PM',
    freeShippingNotice: 'Free Shipping Over AED 400 & Free Returns',
    grievanceName: GRIEVANCE_STAND_IN,
    grievanceDesignation: 'Grievance Officer',
    grievanceEmail: config.shop.email,
    grievancePhone: config.shop.phone,
  };
}

/** Saved values over the defaults: a detail not saved (or blank) shows its default. */
export const withDefaults = (defaults: ShopDetails, saved: ShopSettingsValues, seller = defaults.seller): ShopDetails => ({
  ...(Object.fromEntries(
    Object.entries(defaults)
      .filter(([k]) => k !== 'seller')
      .map(([k, v]) => [k, saved[k as ShopSettingKey] || v]),
  ) as Record<ShopSettingKey, string>),
  ...(seller ? { seller } : {}),
});

export interface ShopDetailsSource {
  /** The details as shown now; what is made with them is tagged 'settings' (so a save drops it from the caches). */
  current(): Promise<ShopDetails>;
  /** The defaults alone (the back office shows them beside what is saved). */
  readonly defaults: ShopDetails;
}

export function shopDetailsSource(deps: {
  read: () => Promise<ShopSettingsRecord & { seller?: SellerRecord }>;
  sync: Pick<CatalogueSync, 'stamp' | 'isFresh'>;
  defaults: ShopDetails;
  log: (message: string) => void;
}): ShopDetailsSource {
  let held: { details: ShopDetails; stamp: number } | null = null;
  let reading: Promise<ShopDetails> | null = null;
  const refresh = () =>
    (reading ??= (async () => {
      const stamp = deps.sync.stamp;
      try {
        const { values, seller } = await deps.read();
        const details = withDefaults(deps.defaults, values, seller);
        held = { details, stamp };
        return details;
      } catch (err) {
        // The api is away: the last details read (or the defaults) keep the pages up; the next page asks again.
        deps.log(`[gateway] the shop's settings could not be read: ${err instanceof Error ? err.message : String(err)}`);
        return held?.details ?? deps.defaults;
      } finally {
        reading = null;
      }
    })());
  return {
    defaults: deps.defaults,
    async current() {
      touch('settings');
      if (held && deps.sync.isFresh(held.stamp, ['settings'])) return held.details;
      return refresh();
    },
  };
}

/** The source over the api's GET /api/shop-settings. */
export const apiShopDetails = (deps: { http: AxiosInstance; config: GatewayConfig; sync: CatalogueSync; log: (m: string) => void }) =>
  shopDetailsSource({
    read: async () => (await deps.http.get<PublicShopSettingsRecord>('shop-settings')).data,
    sync: deps.sync,
    defaults: shopDefaults(deps.config),
    log: deps.log,
  });
