import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router';
import { messages } from '@tickets/domain';

type Variant = 'primary' | 'secondary' | 'warning' | 'cta';
const classOf = (variant: Variant) => `govgr-btn govgr-btn-${variant}`;

/** A GOV.GR button; while `busy`, it shows a spinner and cannot be pressed twice. */
export function Button({
  variant = 'primary',
  busy = false,
  children,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; busy?: boolean }) {
  return (
    <button
      type="button"
      {...props}
      className={`${classOf(variant)} ${props.className ?? ''}`.trim()}
      disabled={props.disabled || busy}
      aria-busy={busy || undefined}
    >
      {children}
      {busy ? (
        <span className="govgr-loader govgr-loader--small app-button-loader" aria-hidden="true" />
      ) : null}
    </button>
  );
}

/**
 * A link that looks like a button: for navigation, never for actions. Like GOV.UK's start
 * button it carries role="button", so it also answers the Space key, as a button does.
 */
export function ButtonLink({
  to,
  variant = 'primary',
  children,
  ...rest
}: {
  to: string;
  variant?: Variant;
  children: ReactNode;
  'aria-describedby'?: string;
}) {
  return (
    <Link
      {...rest}
      to={to}
      className={classOf(variant)}
      role="button"
      draggable={false}
      onKeyDown={(event) => {
        if (event.key !== ' ') return;
        event.preventDefault();
        event.currentTarget.click();
      }}
    >
      {children}
    </Link>
  );
}

export function BackLink({ to, children = messages.app.back }: { to: string; children?: ReactNode }) {
  return (
    <Link to={to} className="govgr-back-link">
      {children}
    </Link>
  );
}
