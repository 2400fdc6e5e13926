import { messages } from '@tickets/domain';

/** The GOV.GR loader, announced to screen readers. */
export function Spinner({
  label = messages.app.loading,
  size = 'large',
}: {
  label?: string;
  size?: 'small' | 'medium' | 'large';
}) {
  return (
    <div role="status" className="app-spinner">
      <span className={`govgr-loader govgr-loader--${size}`} aria-hidden="true" />
      <span className="app-visually-hidden">{label}</span>
    </div>
  );
}
