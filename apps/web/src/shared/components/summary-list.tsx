import type { ReactNode } from 'react';

/** A GOV.GR summary list of label/value rows; a missing value shows a dash (docs/product-spec.md §2). */
export function SummaryList({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <dl className="govgr-summary-list">
      {rows.map(([label, value]) => (
        <div className="govgr-summary-list__row" key={label}>
          <dt className="govgr-summary-list__key">{label}</dt>
          <dd className="govgr-summary-list__value">
            {value === null || value === undefined || value === '' ? '-' : value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
