/** A column header: its text, or its text and `numeric` for a column of figures (right-aligned). */
export type Column = string | { label: string; numeric: true };

/** The GOV.GR table head of one row, each header scoped to its column (WCAG 1.3.1). */
export function TableHead({ columns }: { columns: readonly Column[] }) {
  return (
    <thead className="govgr-table__head">
      <tr className="govgr-table__row">
        {columns.map((column) => {
          const label = typeof column === 'string' ? column : column.label;
          const numeric = typeof column !== 'string';
          return (
            <th
              scope="col"
              className={numeric ? 'govgr-table__header govgr-table__header--numeric' : 'govgr-table__header'}
              key={label}
            >
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
