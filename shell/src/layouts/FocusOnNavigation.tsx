import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { MAIN_CONTENT_ID } from './AppFrame';

/**
 * After a navigation to another path, keyboard and screen-reader users start at the new page's main region instead
 * of wherever the old page left focus (the first load keeps the browser's own start).
 */
export function FocusOnNavigation() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    // preventScroll: the landing page scrolls itself to a requested section.
    document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
  }, [pathname]);

  return null;
}
