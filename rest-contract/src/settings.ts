// The shop's own details, kept in the database and changed by the owner (/api/admin/settings); the storefront
// and the back office read what is saved (/api/shop-settings) over their defaults (the environment's SHOP_*
// settings and the spec's texts), so a detail never saved shows its default.

/** The details the owner may set. */
export type ShopSettingKey =
  | 'name'
  | 'legalName'
  | 'address'
  | 'phone'
  | 'email'
  | 'hours'
  | 'freeShippingNotice'
  | 'grievanceName'
  | 'grievanceDesignation'
  | 'grievanceEmail'
  | 'grievancePhone';

/** What is saved: a detail that is null (or absent) shows its default. */
export type ShopSettingsValues = Partial<Record<ShopSettingKey, string | null>>;

/** GET /api/shop-settings (anyone) and GET /api/admin/settings (settings:manage). */
export interface ShopSettingsRecord {
  values: ShopSettingsValues;
  /** Changes with every save: a save names the version it read. */
  version: number;
  /** When it was last saved; null while nothing ever was. */
  updatedAt: string | null;
}

/** The seller a tax invoice names (the api's SELLER_* settings): the storefront discloses it as the law asks. */
export interface SellerRecord {
  legalName: string;
  address: string;
  /** The state's name, as GST spells it. */
  state: string;
  gstin: string;
  /** True while the demo's made-up details stand in (never in production). */
  demo: boolean;
}

/** GET /api/shop-settings (anyone): what is saved, and the seller the invoices name. */
export interface PublicShopSettingsRecord extends ShopSettingsRecord {
  seller: SellerRecord;
}

/** PUT /api/admin/settings: every detail (null or blank: the default), and the version read. */
export type ShopSettingsBody = ShopSettingsValues & { version: number };
