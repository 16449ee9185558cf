import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useEffect, useState } from 'react';
import type { FilterParams } from './pager';

/**
 * A list's filters as a search form: the other filters first (`children`, each applied as it changes), then the
 * words to look for, put in the address (`?q=`) when the form is sent. On a phone the other filters fold away
 * behind "Filters" (saying how many are chosen), so the list is on the first screen; wider, they are all shown.
 */
export function SearchForm({
  filters,
  label,
  button = 'Search',
  children,
}: {
  filters: FilterParams;
  label: string;
  button?: string;
  children?: ReactNode;
}) {
  const [typed, setTyped] = useState(filters.params.get('q') ?? '');
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const [open, setOpen] = useState(wide);
  useEffect(() => setOpen(wide), [wide]);
  const chosen = [...filters.params.keys()].filter((k) => k !== 'q' && k !== 'page').length;
  return (
    <form
      className="admin-filters"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        filters.set('q', typed.trim() || null);
      }}
    >
      {children && (
        <details className="admin-filter-more" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
          <summary>Filters{chosen > 0 ? ` (${chosen} chosen)` : ''}</summary>
          <div>{children}</div>
        </details>
      )}
      <label>
        {label}
        <input type="search" value={typed} onChange={(e) => setTyped(e.target.value)} />
      </label>
      <button type="submit">{button}</button>
    </form>
  );
}

/** One of a list's filters as a choice kept in the address (`?name=`); the `fallback` choice leaves it out. */
export function FilterSelect({
  filters,
  name,
  label,
  options,
  fallback = '',
}: {
  filters: FilterParams;
  name: string;
  label: string;
  /** Each choice: its value, then its words. */
  options: readonly (readonly [value: string, label: string])[];
  fallback?: string;
}) {
  return (
    <label>
      {label}
      <select
        value={filters.params.get(name) ?? fallback}
        onChange={(e) => filters.set(name, e.target.value === fallback ? null : e.target.value)}
      >
        {options.map(([value, words]) => (
          <option key={value} value={value}>
            {words}
          </option>
        ))}
      </select>
    </label>
  );
}
