import { useEffect, useId, useRef, type ReactNode } from 'react';
import { messages } from '@tickets/domain';
import { Button } from './buttons';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel?: string;
  confirmDisabled?: boolean;
  busy?: boolean;
  /** Inside a form, whose submit the confirm button is (the form's onSubmit acts, not onConfirm). */
  confirmSubmits?: boolean;
  onConfirm?(): void;
  onClose(): void;
}

/**
 * A modal dialog on the native <dialog>: the browser traps focus inside, Escape closes it, and
 * focus returns to what opened it. Labelled by its title.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel = messages.form.confirm,
  confirmDisabled,
  busy,
  confirmSubmits,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal?.();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      className="app-dialog"
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={onClose}
    >
      <div className="govgr-modal__content">
        <h2 className="govgr-heading-m govgr-modal__heading" id={titleId}>
          {title}
        </h2>
        {children}
        <div className="govgr-button-group govgr-modal__action">
          <Button
            type={confirmSubmits ? 'submit' : 'button'}
            onClick={onConfirm}
            disabled={confirmDisabled}
            busy={busy}
          >
            {confirmLabel}
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {messages.form.cancel}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
