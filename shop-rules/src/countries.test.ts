import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryCodesByName, countryName, originProblem } from './countries.js';

describe('countries of origin', () => {
  it('are the 249 codes ISO 3166-1 assigns, each named, in the order of the names', () => {
    expect(Object.keys(COUNTRIES)).toHaveLength(249);
    for (const [code, name] of Object.entries(COUNTRIES)) {
      expect(code).toMatch(/^[A-Z]{2}$/);
      expect(name.length).toBeGreaterThan(2);
    }
    const names = countryCodesByName().map((c) => COUNTRIES[c] as string);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(countryName('in')).toBe('India');
    expect(countryName('CN')).toBe('China');
    // Withdrawn and reserved codes are no country's.
    for (const gone of ['SU', 'YU', 'EU', 'UK', 'XK', 'ZZ', 'constructor', '__proto__']) expect(countryName(gone)).toBeUndefined();
  });

  it('names what is wrong with a code as given', () => {
    expect(originProblem('IN')).toBeNull();
    expect(originProblem('jp')).toBeNull();
    expect(originProblem('India')).toBe('the country of origin is a two-letter country code (ISO 3166-1), such as IN or CN');
    expect(originProblem('QQ')).toBe('"QQ" is no country\'s code (ISO 3166-1)');
  });
});
