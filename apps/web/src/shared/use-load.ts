import { useCallback, useEffect, useState } from 'react';
import { failureMessage } from './api/client';

export type Load<T> =
  { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; data: T };

/** Loads once on mount (and on `reload`), with the failure message the spec's rules give. */
export function useLoad<T>(load: () => Promise<T>, fallbackMessage: string): [Load<T>, () => void] {
  const [state, setState] = useState<Load<T>>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let current = true;
    load().then(
      (data) => current && setState({ status: 'ready', data }),
      (error: unknown) =>
        current &&
        setState({
          status: 'failed',
          message: failureMessage(error, fallbackMessage),
        }),
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `load` is a fresh closure each render on purpose: only `generation` asks for a reload.
  }, [generation]);
  return [state, useCallback(() => setGeneration((value) => value + 1), [])];
}
