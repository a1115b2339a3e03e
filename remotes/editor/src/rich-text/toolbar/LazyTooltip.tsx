import type MuiTooltip from '@mui/material/Tooltip';
import { useCallback, useLayoutEffect, useRef, useSyncExternalStore, type ReactElement } from 'react';

let Tooltip: typeof MuiTooltip | null = null;
let loading: Promise<void> | null = null;
const waiting = new Set<() => void>();

/**
 * Starts fetching MUI's Tooltip (with Popper, ~12 KiB gzip): the editor's controls call it when they are first pointed
 * at or focused, so the editor opens without it. A failed fetch is tried again at the next call.
 */
export function preloadTooltip(): void {
  loading ??= import('@mui/material/Tooltip').then(
    ({ default: loaded }) => {
      Tooltip = loaded;
      for (const notify of waiting) notify();
    },
    () => {
      loading = null;
    },
  );
}

export interface LazyTooltipProps {
  title: string;
  /** One element that takes a ref (an IconButton, or a span around a disabled one). */
  children: ReactElement;
}

/**
 * MUI's Tooltip around `children` once its code is there; until then `children` alone, whose accessible name does not
 * depend on the tooltip (aria-label), so only the visual hint waits. Wrapping mounts `children` anew, so a control
 * that had focus when the tooltip arrived gets it back.
 */
export function LazyTooltip({ title, children }: LazyTooltipProps) {
  const box = useRef<HTMLSpanElement>(null);
  const hadFocus = useRef(false);
  // Wrapping mounts `children` anew: a press that began on the old element would end on the new one, and its click
  // would be lost. So the tooltip waits until a press in progress has ended (and its click has been dispatched).
  const pressing = useRef(false);
  const shown = useRef(Tooltip);
  const swap = useRef(() => undefined as void);
  const subscribe = useCallback((notify: () => void) => {
    const beforeSwap = () => {
      hadFocus.current = box.current?.contains(document.activeElement) ?? false;
      notify();
    };
    swap.current = beforeSwap;
    waiting.add(beforeSwap);
    return () => void waiting.delete(beforeSwap);
  }, []);
  const snapshot = useCallback(() => {
    if (!pressing.current) shown.current = Tooltip;
    return shown.current;
  }, []);
  const Loaded = useSyncExternalStore(subscribe, snapshot, snapshot);
  const pressEnded = () =>
    setTimeout(() => {
      pressing.current = false;
      if (shown.current !== Tooltip) swap.current();
    });

  useLayoutEffect(() => {
    if (!Loaded || !hadFocus.current) return;
    hadFocus.current = false;
    box.current?.querySelector<HTMLElement>('button, [tabindex]')?.focus();
  }, [Loaded]);

  return (
    <span
      ref={box}
      style={{ display: 'contents' }}
      onPointerEnter={preloadTooltip}
      onFocus={preloadTooltip}
      onPointerDown={() => (pressing.current = true)}
      onPointerUp={pressEnded}
      onPointerCancel={pressEnded}
    >
      {Loaded ? <Loaded title={title}>{children}</Loaded> : children}
    </span>
  );
}
