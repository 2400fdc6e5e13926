import { Link } from 'react-router';

/**
 * A choice tile (docs/product-spec.md §2 "Two tiles"/"Three tiles"); a disabled one is greyed and not a link.
 */
export function Tile({
  to,
  title,
  hint,
  disabled,
}: {
  to: string;
  title: string;
  hint?: string;
  disabled?: boolean;
}) {
  return (
    <div
      className={`govgr-card govgr-card--border app-tile ${disabled ? 'app-tile--disabled' : ''}`.trim()}
      aria-disabled={disabled || undefined}
    >
      <div className="govgr-card__body">
        <h2 className="govgr-card__heading govgr-heading-s">
          {disabled ? (
            <span>{title}</span>
          ) : (
            <Link className="govgr-link" to={to}>
              {title}
            </Link>
          )}
        </h2>
        {hint ? <p className="govgr-card__text govgr-body">{hint}</p> : null}
      </div>
    </div>
  );
}
