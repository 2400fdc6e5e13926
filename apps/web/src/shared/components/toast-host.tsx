import { useEffect } from 'react';
import { ToastContainer } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS } from '@tickets/domain';
import { toastHost } from '../api/toast-failure';

/** docs/product-spec.md §9 toasts: top-right, 5 s, paused on hover and when the window loses focus. */
export default function ToastHost() {
  useEffect(() => toastHost.mounted(), []);
  return (
    <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} pauseOnHover pauseOnFocusLoss />
  );
}
