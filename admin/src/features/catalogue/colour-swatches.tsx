/** A comma-separated list's entries, trimmed, blanks left out. */
export const list = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * The shop's named colours to tick: each ticked one is offered, in the order ticked. `value` is the product's
 * colours as the form holds them (comma-separated names); `onChange` gets the new list the same way.
 */
export function ColourSwatches({
  colours,
  value,
  onChange,
}: {
  colours: readonly { id: string; name: string; swatch: string }[];
  value: string;
  onChange: (next: string) => void;
}) {
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  return (
    <fieldset className="admin-swatches">
      <legend>The shop’s colours (each one ticked is offered, in the order ticked)</legend>
      {colours.map((c) => {
        const chosen = list(value).some((x) => same(x, c.name));
        return (
          <label key={c.id} className="admin-swatch-choice">
            <input
              type="checkbox"
              checked={chosen}
              onChange={() => onChange((chosen ? list(value).filter((x) => !same(x, c.name)) : [...list(value), c.name]).join(', '))}
            />
            <span className="admin-swatch" style={{ background: c.swatch }} aria-hidden="true" />
            {c.name}
          </label>
        );
      })}
    </fieldset>
  );
}
