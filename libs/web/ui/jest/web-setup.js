// Shared setup for every web project's Jest run: jest-dom matchers (toBeInTheDocument, toHaveAttribute, ...), and
// the matchMedia jsdom lacks (MUI's system colour scheme and media queries use it). Every query answers "no match"
// (a light-preferring screen of undetermined size); a test may replace window.matchMedia to change that.
require('@testing-library/jest-dom');

const browserWindow = globalThis.window;
if (browserWindow && typeof browserWindow.matchMedia !== 'function') {
  browserWindow.matchMedia = (query) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
}

// jsdom has no layout, so it cannot scroll; react-router's ScrollRestoration and scrollIntoView calls become no-ops.
if (browserWindow) {
  browserWindow.scrollTo = () => undefined;
  browserWindow.Element.prototype.scrollIntoView ??= function scrollIntoView() {};
}
