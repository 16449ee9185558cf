import './color-swatch.css';

interface Color {
  id: string;
  title: string;
}

/** A CSS colour and nothing else: a name, or #rgb / #rrggbb (the api refuses any other; this holds if one slipped in). */
const SWATCH = /^(#[0-9a-f]{3}|#[0-9a-f]{6}|[a-z]{3,30})$/i;

export function ColorSwatch({ color, size = 22 }: { color: Color; size?: number }) {
  return (
    <span
      className="swatch"
      title={color.title}
      aria-label={`Colour ${color.title}`}
      role="img"
      style={{ ...(SWATCH.test(color.title) ? { background: color.title } : {}), width: size, height: size }}
    />
  );
}

/**
 * The colour picker of the product page: one radio per colour, the swatch as its face. A colour sold
 * out is shown struck through and cannot be chosen.
 */
export function ColorPicker({
  colors,
  soldOut = [],
  value,
  onChange,
}: {
  colors: Color[];
  soldOut?: readonly string[];
  value: string | null;
  onChange: (id: string) => void;
}) {
  return (
    <div className="color-picker" role="radiogroup" aria-label="Color">
      {colors.map((c) => {
        const out = soldOut.includes(c.id);
        return (
          <button
            key={c.id}
            type="button"
            role="radio"
            aria-checked={value === c.id}
            aria-label={out ? `${c.title} (sold out)` : c.title}
            title={out ? `Sold out in ${c.title}` : c.title}
            disabled={out}
            className={`swatch-button${value === c.id ? ' selected' : ''}${out ? ' sold-out' : ''}`}
            onClick={() => onChange(c.id)}
          >
            <ColorSwatch color={c} />
          </button>
        );
      })}
    </div>
  );
}
