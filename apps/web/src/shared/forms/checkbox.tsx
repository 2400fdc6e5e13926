import type { ComponentPropsWithRef } from 'react';

/** A GOV.GR checkbox with its label around it; `id` ties the two (WCAG 1.3.1). */
export function Checkbox({
  label,
  id,
  ...input
}: ComponentPropsWithRef<'input'> & { label: string; id: string }) {
  return (
    <div className="govgr-checkboxes__item">
      <label className="govgr-checkboxes__label" htmlFor={id}>
        <input className="govgr-checkboxes__input" type="checkbox" id={id} {...input} />
        {label}
      </label>
    </div>
  );
}
