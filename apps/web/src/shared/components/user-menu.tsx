import { useEffect, useId, useRef, useState } from 'react';
import { messages } from '@tickets/domain';
import { toastFailure } from '../api/toast-failure';
import { useLogoutMutation } from '../auth/api';
import { useAuth } from '../auth/use-auth';

/**
 * The logged-in person's name, opening a menu with the exit item (docs/product-spec.md §2 "Shared chrome").
 */
export function UserMenu() {
  const { authUser } = useAuth();
  const logout = useLogoutMutation({
    // The spec's own words, whatever the server said.
    onError: () => toastFailure(undefined, messages.userMenu.logoutFailed),
  });
  const [open, setOpen] = useState(false);
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
          onClick={() => logout.mutate(authUser)}
          disabled={logout.isPending}
        >
          {messages.userMenu.logout}
        </button>
      </div>
    </nav>
  );
}
