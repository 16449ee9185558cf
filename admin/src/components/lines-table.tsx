import type { ReactNode } from 'react';

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
    <table className="admin-table">
      <caption>{props.caption}</caption>
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col">Colour</th>
          <th scope="col">{props.quantityHeader ?? 'Quantity'}</th>
          <th scope="col">{props.last.header}</th>
        </tr>
      </thead>
      <tbody>
        {props.lines.map((l) => (
          <tr key={l.key}>
            <td>{l.title}</td>
            <td>{l.color}</td>
            <td>{l.quantity}</td>
            <td>{props.last.cell(l)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
