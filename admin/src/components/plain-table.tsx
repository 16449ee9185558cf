import type { ReactNode } from 'react';

/**
 * A table whose rows the page writes itself (`children`, each a `<tr>`): a caption and column headers over them. On
 * a phone it scrolls sideways inside its frame (focusable, so a keyboard can scroll it), never the page.
 */
export function PlainTable({ caption, headers, children }: { caption: string; headers: readonly string[]; children: ReactNode }) {
  return (
    <div className="admin-table-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table className="admin-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {headers.map((h, i) => (
              <th key={i} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
