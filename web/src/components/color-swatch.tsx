import './color-swatch.css';

interface Color {
  id: string;
  title: string;
}

export function ColorSwatch({ color, size = 22 }: { color: Color; size?: number }) {
  return (
    <span
      className="swatch"
      title={color.title}
      aria-label={`Colour ${color.title}`}
      role="img"
      style={{ background: color.title, width: size, height: size }}
    />
  );
}

/** The colour picker of the product page: one radio per colour, the swatch as its face. */
export function ColorPicker({ colors, value, onChange }: { colors: Color[]; value: string | null; onChange: (id: string) => void }) {
  return (
    <div className="color-picker" role="radiogroup" aria-label="Color">
      {colors.map((c) => (
        <button
          key={c.id}
          type="button"
          role="radio"
          aria-checked={value === c.id}
          aria-label={c.title}
          className={`swatch-button${value === c.id ? ' selected' : ''}`}
          onClick={() => onChange(c.id)}
        >
          <ColorSwatch color={c} />
        </button>
      ))}
    </div>
  );
}
