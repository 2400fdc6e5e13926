import { useEffect, useId, useRef, useState } from 'react';
import { messages } from '@tickets/domain';
import { useAuth } from '../auth/auth-context';
import { toastFailure } from '../api/toast-failure';

/**
 * The logged-in person's name, opening a menu with the exit item (docs/product-spec.md §2 "Shared chrome").
 */
export function UserMenu() {
  const { authUser, logout } = useAuth();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent) {
        if (event.key !== 'Escape') return;
        setOpen(false);
        // Focus would otherwise fall to the page's start from the now hidden logout button.
        if (root.current?.contains(document.activeElement)) toggle.current?.focus();
      } else if (!root.current?.contains(event.target as Node)) {
        setOpen(false);
      }
    };
    document.addEventListener('keydown', close);
    document.addEventListener('mousedown', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('mousedown', close);
    };
  }, [open]);

  if (!authUser) return null;

  const onLogout = async () => {
    setBusy(true);
    try {
      await logout();
    } catch {
      // The spec's own words, whatever the server said.
      toastFailure(undefined, messages.userMenu.logoutFailed);
      setBusy(false);
    }
  };

  return (
    <nav aria-label={messages.userMenu.label} className="app-user-menu" ref={root}>
      <button
        ref={toggle}
        type="button"
        className="app-user-menu__button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
      >
        {authUser.firstname} {authUser.lastname}
      </button>
      <div id={menuId} hidden={!open} className="app-user-menu__content">
        <button
          type="button"
          className="govgr-btn govgr-btn-secondary app-user-menu__item"
          onClick={() => void onLogout()}
          disabled={busy}
        >
          {messages.userMenu.logout}
        </button>
      </div>
    </nav>
  );
}
