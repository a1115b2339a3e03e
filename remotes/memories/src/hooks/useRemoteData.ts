import { useEffect, useRef, useState } from 'react';

export type RemoteData<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

/**
 * Loads what `load` fetches each time `key` changes (a new key drops the answer of the old one) and again when
 * `reloadKey` changes; a failure keeps its message for the screen to show. `key` names what `load` loads.
 */
export function useRemoteData<T>(key: string, load: (signal: AbortSignal) => Promise<T>, reloadKey = 0): RemoteData<T> {
  const [state, setState] = useState<RemoteData<T>>({ status: 'loading' });
  const latestLoad = useRef(load);
  useEffect(() => {
    latestLoad.current = load;
  });
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    latestLoad.current(controller.signal).then(
      (data) => setState({ status: 'ready', data }),
      (error: unknown) => {
        if (!controller.signal.aborted)
          setState({ status: 'error', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [key, reloadKey]);
  return state;
}
