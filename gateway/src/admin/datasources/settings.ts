import type { ShopSettingsBody, ShopSettingsRecord, ShopSettingsValues } from '@digitic/rest-contract';
import type { StaffUpstream } from './upstream.js';

/** The shop's own details (settings:manage, the owner's): read and saved over the version read. */
export class SettingsApi {
  constructor(private readonly upstream: StaffUpstream) {}

  get = () => this.upstream.get<ShopSettingsRecord>('admin/settings');
  update = (version: number, values: ShopSettingsValues) =>
    this.upstream.send<ShopSettingsRecord, ShopSettingsBody>('PUT', 'admin/settings', { ...values, version });
}
