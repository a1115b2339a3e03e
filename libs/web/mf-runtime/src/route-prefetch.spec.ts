import { ROUTE_PREFETCH_MARK, prefetchRoute } from '@memories/contracts';
import { installRoutePrefetch } from './route-prefetch';

/** jsdom has no IntersectionObserver: this one reports what the test says is on screen. */
class VisibilityDouble {
  static instances: VisibilityDouble[] = [];
  readonly observed = new Set<Element>();
  constructor(private readonly report: (entries: { target: Element; isIntersecting: boolean }[]) => void) {
    VisibilityDouble.instances.push(this);
  }
  observe(element: Element) {
    this.observed.add(element);
  }
  unobserve(element: Element) {
    this.observed.delete(element);
  }
  disconnect() {
    this.observed.clear();
  }
  show(element: Element) {
    if (this.observed.has(element)) this.report([{ target: element, isIntersecting: true }]);
  }
}

function button(path: string): HTMLButtonElement {
  const element = document.createElement('button');
  for (const [name, value] of Object.entries(prefetchRoute(path))) element.setAttribute(name, value);
  document.body.append(element);
  return element;
}

function link(href: string): HTMLAnchorElement {
  const element = document.createElement('a');
  element.href = href;
  element.setAttribute('href', href);
  document.body.append(element);
  return element;
}

/** Lets the idle callbacks (setTimeout in jsdom) and the MutationObserver run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('installRoutePrefetch', () => {
  let stop: () => void = () => undefined;
  const prefetch = jest.fn<void, [string]>();
  // jsdom's performance has no marks.
  const mark = jest.fn();

  beforeEach(() => {
    VisibilityDouble.instances = [];
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = VisibilityDouble;
    prefetch.mockClear();
    mark.mockClear();
    Object.defineProperty(performance, 'mark', { value: mark, configurable: true });
  });

  afterEach(() => {
    stop();
    document.body.replaceChildren();
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    delete (navigator as { connection?: unknown }).connection;
  });

  it('prefetches a marked route once its element is visible, including elements rendered later', async () => {
    stop = installRoutePrefetch({ prefetch });
    const view = button('/memory/7');
    await settle();
    expect(prefetch).not.toHaveBeenCalled();

    VisibilityDouble.instances[0].show(view);
    await settle();
    expect(prefetch).toHaveBeenCalledWith('/memory/7');
    expect(mark.mock.calls).toEqual([[ROUTE_PREFETCH_MARK]]);
  });

  it('prefetches a link on hover or focus only, and each route once', async () => {
    stop = installRoutePrefetch({ prefetch });
    const timeline = link('/timeline');
    await settle();
    expect(VisibilityDouble.instances[0].observed.has(timeline)).toBe(false);

    timeline.dispatchEvent(new Event('pointerover', { bubbles: true }));
    timeline.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(prefetch.mock.calls).toEqual([['/timeline']]);
  });

  it('prefetches on hover inside a marked element and ignores other origins', () => {
    stop = installRoutePrefetch({ prefetch });
    const edit = button('/memory/edit/7');
    const icon = document.createElement('span');
    edit.append(icon);
    const elsewhere = link('//example.com/page');

    icon.dispatchEvent(new Event('pointerover', { bubbles: true }));
    elsewhere.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(prefetch.mock.calls).toEqual([['/memory/edit/7']]);
  });

  it('prefetches nothing under Data Saver', async () => {
    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
    stop = installRoutePrefetch({ prefetch });
    const view = button('/memory/7');
    view.dispatchEvent(new Event('pointerover', { bubbles: true }));
    await settle();
    expect(VisibilityDouble.instances).toHaveLength(0);
    expect(prefetch).not.toHaveBeenCalled();
  });
});
