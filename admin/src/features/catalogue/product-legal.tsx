import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod';
import { COUNTRIES } from '@digitic/shop-rules/countries';
import { DEFAULT_GST_RATE, GST_RATES } from '@digitic/shop-rules/gst';
import type { CatalogueProductWholeFragment } from './__generated__/product-whole';

// What the law asks a product to carry besides its price (the api checks each again and names what is wrong):
// its HSN code and GST rate for the tax invoice (CGST Rules, rule 46), and for the listing where it was made,
// who made it and, made abroad, who imported it (Legal Metrology (Packaged Commodities) Rules, rule 6).

const maker = (who: string) =>
  z
    .string()
    .trim()
    .max(300, `The ${who} is at most 300 characters`)
    .refine((v) => !/(?![\n\r])\p{Cc}/u.test(v), `The ${who} has a character that is not text`);

export const LegalSchema = {
  hsnCode: z
    .string()
    .trim()
    .regex(/^(\d{4}(\d{2}){0,2})?$/, 'The HSN code is 4, 6 or 8 digits (or leave it empty)'),
  gstRate: z
    .string()
    .refine((v) => (GST_RATES as readonly number[]).includes(Number(v)), `The GST rate is one of ${GST_RATES.join(', ')} %`),
  countryOfOrigin: z.string().refine((v) => v === '' || v in COUNTRIES, 'Choose a country from the list'),
  manufacturer: maker('manufacturer'),
  importer: maker('importer'),
};

type Legal = { [K in keyof typeof LegalSchema]: string };
type LegalKey = keyof Legal;

export const legalValuesOf = (p?: CatalogueProductWholeFragment | null): Legal => ({
  hsnCode: p?.hsnCode ?? '',
  gstRate: String(p?.gstRate ?? DEFAULT_GST_RATE),
  countryOfOrigin: p?.countryOfOrigin ?? '',
  manufacturer: p?.manufacturer ?? '',
  importer: p?.importer ?? '',
});

/** The api's fields: an empty HSN code, country, maker or importer clears it; a new product's empty HSN takes its category's. */
export const legalInput = (v: Legal, isNew: boolean) => ({
  ...(isNew && v.hsnCode === '' ? {} : { hsnCode: v.hsnCode }),
  gstRate: Number(v.gstRate),
  countryOfOrigin: v.countryOfOrigin,
  manufacturer: v.manufacturer,
  importer: v.importer,
});

const COUNTRY_OPTIONS = Object.entries(COUNTRIES);

/** The fields, in the product's form. */
export function LegalFields({
  field,
  attrs,
}: {
  field: (name: LegalKey, label: string, control: ReactNode) => ReactNode;
  attrs: (name: LegalKey) => UseFormRegisterReturn<string> & { id: string; 'aria-invalid': boolean };
}) {
  return (
    <fieldset className="admin-fieldset">
      <legend>What the law asks the product to say</legend>
      {field(
        'hsnCode',
        'HSN code (its tax invoice names it; empty for a new product: its category’s)',
        <input inputMode="numeric" {...attrs('hsnCode')} />,
      )}
      {field(
        'gstRate',
        'GST rate (the price includes it)',
        <select {...attrs('gstRate')}>
          {GST_RATES.map((r) => (
            <option key={r} value={String(r)}>
              {r} %
            </option>
          ))}
        </select>,
      )}
      {field(
        'countryOfOrigin',
        'Country of origin (the store shows it, filters and sorts by it)',
        <select {...attrs('countryOfOrigin')}>
          <option value="">Not said yet</option>
          {COUNTRY_OPTIONS.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>,
      )}
      {field('manufacturer', 'Manufacturer: name and address', <textarea rows={2} {...attrs('manufacturer')} />)}
      {field('importer', 'Importer, for goods made abroad: name and address', <textarea rows={2} {...attrs('importer')} />)}
    </fieldset>
  );
}
