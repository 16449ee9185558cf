import type { ShopSettingsRecord } from '@digitic/rest-contract';
import type { Resolvers } from '../__generated__/resolvers-types.js';
import type { ShopDetails } from '../../shop-details.js';

/** What is saved beside the defaults: a detail not saved is null. */
const settings = (record: ShopSettingsRecord, defaults: ShopDetails) => ({
  saved: record.values,
  defaults,
  version: record.version,
  updatedAt: record.updatedAt,
});

/** The shop's own details (the owner's). */
export const shopSettings: Resolvers = {
  Query: {
    shopSettings: async (_root, _args, { api, shop }) => settings(await api.settings.get(), shop.defaults),
  },
  Mutation: {
    updateShopSettings: async (_root, { version, values }, { api, shop }) =>
      settings(await api.settings.update(version, values), shop.defaults),
  },
};
