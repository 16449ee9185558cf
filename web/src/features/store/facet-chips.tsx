/** A filter card of one facet's values as toggles: the chosen value is pressed, and pressing it again clears it. */
export function FacetChips({
  title,
  values,
  chosen,
  onChoose,
}: {
  title: string;
  values: readonly string[];
  chosen: string | null;
  onChoose: (value: string | null) => void;
}) {
  return (
    <section className="filter-card">
      <h2>{title}</h2>
      <div className="chips">
        {values.map((v) => (
          <button
            key={v}
            type="button"
            className={`chip${chosen === v ? ' active' : ''}`}
            aria-pressed={chosen === v}
            onClick={() => onChoose(chosen === v ? null : v)}
          >
            {v}
          </button>
        ))}
      </div>
    </section>
  );
}
