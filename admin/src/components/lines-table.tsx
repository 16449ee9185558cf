import type { ReactNode } from 'react';
import { PlainTable } from './plain-table';

export interface Line {
  key: string;
  title: string;
  color: string;
  quantity: number;
}

/** An order's lines (an order's, a return's, a packing slip's): product, colour, how many, and one column of the page's own. */
export function LinesTable<L extends Line>(props: {
  caption: string;
  lines: L[];
  quantityHeader?: string;
  last: { header: string; cell: (line: L) => ReactNode };
}) {
  return (
    <PlainTable caption={props.caption} headers={['Product', 'Colour', props.quantityHeader ?? 'Quantity', props.last.header]}>
      {props.lines.map((l) => (
        <tr key={l.key}>
          <td>{l.title}</td>
          <td>{l.color}</td>
          <td>{l.quantity}</td>
          <td>{props.last.cell(l)}</td>
        </tr>
      ))}
    </PlainTable>
  );
}
