import { useEffect, useRef } from 'react';

/**
 * Where focus is on the scan screen. A keyboard-wedge scanner types wherever focus is, so focus
 * starts in the code field, a key typed outside any control goes there, and the screen brings it
 * back there (`focusField`) once a scan is decided. Once an EU wallet's QR (`walletOpen`) has made
 * way for the field again, it goes where `afterWallet` said: to the field (the steward left the QR)
 * or to the decision's panel (the wallet answered).
 */
export function useScannerFocus(walletOpen: boolean) {
  const input = useRef<HTMLInputElement>(null);
  /** The decision's panel: focused when a wallet's answer closes the QR (a scan's focus stays in the field). */
  const decisionArea = useRef<HTMLDivElement>(null);
  /** Where focus goes once the wallet's QR has made way for the field again. */
  const focusNext = useRef<'field' | 'decision'>(undefined);

  useEffect(() => input.current?.focus(), []);
  useEffect(() => {
    if (!focusNext.current || walletOpen) return;
    (focusNext.current === 'field' ? input.current : decisionArea.current)?.focus();
    focusNext.current = undefined;
  });

  // A scanner types wherever focus is: a key typed outside any control goes to the code field.
  useEffect(() => {
    const onKeyDown = (key: KeyboardEvent) => {
      const target = key.target as HTMLElement | null;
      const inControl = target?.closest('input, textarea, select, button, a, [contenteditable]');
      if (!inControl && key.key.length === 1 && !key.ctrlKey && !key.metaKey && !key.altKey)
        input.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return {
    /** ScanForm's `inputRef`: the field's element. */
    fieldRef: (element: HTMLInputElement | null) => {
      input.current = element;
    },
    /** The decision's panel's `ref`. */
    decisionRef: decisionArea,
    focusField: () => input.current?.focus(),
    afterWallet: (next: 'field' | 'decision') => {
      focusNext.current = next;
    },
  };
}
