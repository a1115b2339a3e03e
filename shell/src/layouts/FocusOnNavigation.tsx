import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { MAIN_CONTENT_ID } from './AppFrame';

/**
 * After a navigation to another path, keyboard and screen-reader users start at the new page's main region instead
 * of wherever the old page left focus (the first load keeps the browser's own start).
 *
 * Focus already on something in the main region stays there: a page that outlived the URL change (a new memory's
 * first save moves it to /memory/edit/{id} with the same form, and focus was taken from Save Draft) or a field of the
 * new page the person reached before this effect ran (their typing went nowhere).
 */
export function FocusOnNavigation() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main || main.contains(document.activeElement)) return;
    // preventScroll: the landing page scrolls itself to a requested section.
    main.focus({ preventScroll: true });
  }, [pathname]);

  return null;
}
