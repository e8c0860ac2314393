import type { ReactNode } from 'react';

/** A column of a table's head: its title, right-aligned for amounts, or read out only (an actions column). */
export type HeadColumn = string | { label: ReactNode; num?: boolean; srOnly?: boolean };

/** The head row of a table, one `th scope="col"` per column. */
export function TableHead({ columns }: { columns: readonly HeadColumn[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column, i) => {
          const c = typeof column === 'string' ? { label: column } : column;
          return (
            <th key={i} scope="col" className={c.num ? 'num' : undefined}>
              {c.srOnly ? <span className="sr-only">{c.label}</span> : c.label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
