import { z } from 'zod';
import { NoRecord } from '../../components/no-record';
import { SaveForm, useSaveForm } from '../../components/save-form';
import { when } from '../../lib/format';
import {
  type ShopDetailTextsFragment,
  ShopSettingsDocument,
  type ShopSettingsWholeFragment,
  useShopSettingsQuery,
} from './__generated__/shop-settings';
import { useUpdateShopSettingsMutation } from './__generated__/update-shop-settings';

type Key = keyof Omit<ShopDetailTextsFragment, '__typename'>;

/** Each detail: its label, where the shop shows it, and its longest. The api checks the same (and names what is wrong). */
const DETAILS: readonly { key: Key; label: string; shows: string; max: number; multiline?: boolean; type?: string }[] = [
  { key: 'name', label: "Shop's name", shows: 'The header, every page title and the e-mails', max: 80 },
  {
    key: 'legalName',
    label: 'Legal name',
    shows:
      "The packing slip (tax invoices and the storefront's footer name the GST-registered seller of the shop's setup, SELLER_LEGAL_NAME)",
    max: 160,
  },
  {
    key: 'address',
    label: 'Address',
    shows: 'Contact Us, and the packing slip (where parcels come from and go back to)',
    max: 300,
    multiline: true,
  },
  { key: 'phone', label: 'Support phone', shows: "The header's hotline, Contact Us and the packing slip", max: 30, type: 'tel' },
  { key: 'email', label: 'Support e-mail', shows: 'Contact Us, and the Reply-To of answers to enquiries', max: 254, type: 'email' },
  { key: 'hours', label: 'Opening hours', shows: 'Contact Us', max: 120 },
  { key: 'freeShippingNotice', label: 'Header notice', shows: 'The strip at the top of every storefront page', max: 120 },
  // The Consumer Protection (E-Commerce) Rules, 2020, rule 4(4): a grievance officer, named with their contact, on the site.
  {
    key: 'grievanceName',
    label: "Grievance officer's name",
    shows: "The storefront's footer and Contact Us (the law asks for it)",
    max: 120,
  },
  {
    key: 'grievanceDesignation',
    label: "Grievance officer's designation",
    shows: "The footer and Contact Us, after the officer's name",
    max: 120,
  },
  { key: 'grievanceEmail', label: "Grievance officer's e-mail", shows: 'The footer and Contact Us', max: 254, type: 'email' },
  { key: 'grievancePhone', label: "Grievance officer's phone", shows: 'The footer and Contact Us', max: 30, type: 'tel' },
];

const PHONE = /^\+?[\d\s()-]{6,30}$/;
const text = (label: string, max: number) => z.string().trim().max(max, `${label} is at most ${max} characters`);
const SettingsSchema = z.object({
  name: text("The shop's name", 80),
  legalName: text('The legal name', 160),
  address: text('The address', 300),
  phone: text('The support phone', 30).refine((v) => v === '' || PHONE.test(v), {
    message: 'The support phone is digits, spaces, dashes and brackets, perhaps after a + (at least 6)',
  }),
  email: text('The support e-mail', 254).refine((v) => v === '' || z.email().safeParse(v).success, {
    message: 'The support e-mail is not an e-mail address',
  }),
  hours: text('The opening hours', 120),
  freeShippingNotice: text('The header notice', 120),
  grievanceName: text("The grievance officer's name", 120),
  grievanceDesignation: text("The grievance officer's designation", 120),
  grievanceEmail: text("The grievance officer's e-mail", 254).refine((v) => v === '' || z.email().safeParse(v).success, {
    message: "The grievance officer's e-mail is not an e-mail address",
  }),
  grievancePhone: text("The grievance officer's phone", 30).refine((v) => v === '' || PHONE.test(v), {
    message: "The grievance officer's phone is digits, spaces, dashes and brackets, perhaps after a + (at least 6)",
  }),
});
type SettingsValues = z.input<typeof SettingsSchema>;

/** The form's record: the saved details (blank where the default shows), with the version read. */
type ShopRecord = ShopSettingsWholeFragment & { id: string };
const valuesOf = (r: ShopRecord | null): SettingsValues =>
  Object.fromEntries(DETAILS.map((d) => [d.key, r?.saved[d.key] ?? ''])) as SettingsValues;

/** The shop's own details (the owner's): what the storefront, the packing slips and the e-mails say of the shop. */
export function SettingsPage() {
  const { data, error, loading } = useShopSettingsQuery({ fetchPolicy: 'cache-and-network' });
  const settings = data?.shopSettings;
  if (error || !settings) return <NoRecord loading={loading && !settings} error={error} missing="The shop's details could not be read." />;
  return (
    <section>
      <h1>Shop details</h1>
      <p>
        What the storefront, the packing slips and the e-mails say of the shop. A detail left blank shows its default (from the shop's
        setup), written under it. A save is on the storefront within a second.
        {settings.updatedAt ? ` Last saved ${when(settings.updatedAt)}.` : ' Nothing saved yet: every detail shows its default.'}
      </p>
      <SettingsForm settings={{ ...settings, id: 'shop' }} />
    </section>
  );
}

function SettingsForm({ settings }: { settings: ShopRecord }) {
  const [update, updating] = useUpdateShopSettingsMutation();
  const saving = useSaveForm({
    record: settings,
    idPrefix: 'shop',
    schema: SettingsSchema,
    valuesOf,
    input: (v) => Object.fromEntries(DETAILS.map((d) => [d.key, v[d.key] || null])),
    create: async () => undefined,
    update: async (values, _id, version) => {
      const saved = (
        await update({
          variables: { version, values },
          // The page's query is the record saved (it has no id for the cache to match it by).
          update: (cache, { data }) => {
            if (data) cache.writeQuery({ query: ShopSettingsDocument, data: { shopSettings: data.updateShopSettings } });
          },
        })
      ).data?.updateShopSettings;
      return saved ? { ...saved, id: 'shop' } : undefined;
    },
  });
  const { field, attrs } = saving;
  return (
    <SaveForm saving={saving} label="Shop details" createText="Save" busy={updating.loading} savedText="Saved. The store shows it now.">
      {DETAILS.map((d) => {
        const fallback = settings.defaults[d.key] ?? '';
        const a = attrs(d.key);
        // What is wrong with it (when anything is), then where it shows and its default.
        const describedBy = [a['aria-describedby'], `shop-${d.key}-shows`].filter(Boolean).join(' ');
        return (
          <div key={d.key} className="admin-setting">
            {field(
              d.key,
              d.label,
              d.multiline ? (
                <textarea rows={3} placeholder={fallback} {...a} aria-describedby={describedBy} />
              ) : (
                <input type={d.type ?? 'text'} placeholder={fallback} {...a} aria-describedby={describedBy} />
              ),
            )}
            <p className="admin-hint" id={`shop-${d.key}-shows`}>
              {d.shows}. {fallback ? `Blank shows: ${fallback}` : 'Blank shows nothing.'}
            </p>
          </div>
        );
      })}
    </SaveForm>
  );
}
