import type { ReactNode } from 'react';

/**
 * A cell of a table laid out as cards on a phone, where the CSS shows it under its column's name (`label`, its
 * data-label). The role is the element's own: it keeps the table a table for screen readers, which some
 * browsers stop doing when CSS changes a table's display.
 */
export function Cell({
  label,
  className,
  colSpan,
  children,
}: {
  label?: string;
  className?: string;
  colSpan?: number;
  children: ReactNode;
}) {
  return (
    <td role="cell" data-label={label} className={className} colSpan={colSpan}>
      {children}
    </td>
  );
}
