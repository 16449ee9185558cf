import { countryCodesByName, countryName } from '@digitic/shop-rules/countries';
import type { FacetsRecord } from '../../datasources/types.js';

/** Countries by name (shop-rules keeps them so: no collation here, which would page in ICU's data). */
const ORDER = countryCodesByName();
const byName = (a: { code: string }, b: { code: string }) => ORDER.indexOf(a.code) - ORDER.indexOf(b.code);

/** A country as the schema's Country: null for a code no country has (never stored: the api checks). */
export function countryOf(code: string | null | undefined) {
  const name = code ? countryName(code) : undefined;
  return code && name ? { code, name } : null;
}

/** The store's facets with their countries named, by name. */
export const namedFacets = (f: FacetsRecord) => ({
  ...f,
  countries: (f.countries ?? []).flatMap((code) => countryOf(code) ?? []).sort(byName),
});

/** A facet's counts per country, named, by name. */
export const namedCountryCounts = (counts: { value: string; count: number }[] = []) =>
  counts
    .flatMap(({ value, count }) => {
      const country = countryOf(value);
      return country ? [{ country, count }] : [];
    })
    .sort((a, b) => byName(a.country, b.country));
