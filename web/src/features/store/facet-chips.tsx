/** A filter card of one facet's values as toggles: the chosen value is pressed, and pressing it again clears it. */
export function FacetChips({
  title,
  values,
  chosen,
  onChoose,
}: {
  title: string;
  /** Each value, or each with the words its chip shows (a search's counts). */
  values: readonly (string | { value: string; label: string })[];
  chosen: string | null;
  onChoose: (value: string | null) => void;
}) {
  return (
    <section className="filter-card">
      <h2>{title}</h2>
      <div className="chips">
        {values.map((entry) => {
          const { value: v, label } = typeof entry === 'string' ? { value: entry, label: entry } : entry;
          return (
            <button
              key={v}
              type="button"
              className={`chip${chosen === v ? ' active' : ''}`}
              aria-pressed={chosen === v}
              onClick={() => onChoose(chosen === v ? null : v)}
            >
              {label}
            </button>
          );
        })}
      </div>
    </section>
  );
}
