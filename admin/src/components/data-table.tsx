import { type ColumnDef, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';

/** A list as an accessible table (TanStack Table's headless model, plain markup): a caption, column headers, rows. */
// Columns of different value types in one list: TanStack Table's own documented type for that is ColumnDef<Row, any>.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Columns<Row> = ColumnDef<Row, any>[];

export function DataTable<Row>({ rows, columns, caption }: { rows: Row[]; columns: Columns<Row>; caption: string }) {
  const table = useReactTable({ data: rows, columns, getCoreRowModel: getCoreRowModel() });
  return (
    // Scrolls sideways on a phone: focusable, so a keyboard can scroll it too (WCAG 2.1.1).
    <div className="admin-table-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table className="admin-table">
        <caption>{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((g) => (
            <tr key={g.id}>
              {g.headers.map((h) => (
                <th key={h.id} scope="col">
                  {flexRender(h.column.columnDef.header, h.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((r) => (
            <tr key={r.id}>
              {r.getVisibleCells().map((c) => (
                <td key={c.id}>{flexRender(c.column.columnDef.cell, c.getContext())}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
