import { act, render, screen } from '@testing-library/react';
import { AppThemeProvider } from '../theme/AppThemeProvider';
import { useScreenBelow } from './useScreenBelow';

const defaultMatchMedia = window.matchMedia;

/** A browser window `width` pixels wide that can be resized: answers max-width queries and tells their listeners. */
function resizableWindow(width: number) {
  const listeners = new Map<string, Set<EventListener>>();
  let current = width;
  window.matchMedia = (query: string) =>
    ({
      ...defaultMatchMedia(query),
      get matches() {
        const maxWidth = /max-width:\s*([\d.]+)px/.exec(query);
        return maxWidth !== null && current <= Number(maxWidth[1]);
      },
      addEventListener: (_type: string, listener: EventListener) => {
        listeners.set(query, (listeners.get(query) ?? new Set()).add(listener));
      },
      removeEventListener: (_type: string, listener: EventListener) => listeners.get(query)?.delete(listener),
    }) as MediaQueryList;
  return {
    resize(to: number) {
      current = to;
      for (const query of listeners.values()) for (const listener of query) listener(new Event('change'));
    },
  };
}

function Width() {
  return <p>{useScreenBelow('sm') ? 'small' : 'wide'}</p>;
}

describe('useScreenBelow', () => {
  afterEach(() => {
    window.matchMedia = defaultMatchMedia;
  });

  it('answers at the first render and follows the window as it is resized', () => {
    const browser = resizableWindow(390);
    render(
      <AppThemeProvider>
        <Width />
      </AppThemeProvider>,
    );
    expect(screen.getByText('small')).toBeInTheDocument();

    act(() => browser.resize(1280));
    expect(screen.getByText('wide')).toBeInTheDocument();
    act(() => browser.resize(599));
    expect(screen.getByText('small')).toBeInTheDocument();
  });

  it('counts the screen as wide without a theme in context', () => {
    resizableWindow(390);
    render(<Width />);
    expect(screen.getByText('wide')).toBeInTheDocument();
  });
});
