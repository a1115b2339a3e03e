const defaultMatchMedia = window.matchMedia;

/**
 * Makes the browser answer width queries as a screen `width` pixels wide would (jsdom has no screen: the shared Jest
 * setup answers "no match" to every query). `restoreScreen` puts the setup's answer back.
 */
export function screenWidth(width: number): void {
  window.matchMedia = (query: string) => {
    const maxWidth = /max-width:\s*([\d.]+)px/.exec(query);
    const minWidth = /min-width:\s*([\d.]+)px/.exec(query);
    const matches =
      (maxWidth === null || width <= Number(maxWidth[1])) && (minWidth === null || width >= Number(minWidth[1]));
    return { ...defaultMatchMedia(query), matches: (maxWidth !== null || minWidth !== null) && matches };
  };
}

export function restoreScreen(): void {
  window.matchMedia = defaultMatchMedia;
}
