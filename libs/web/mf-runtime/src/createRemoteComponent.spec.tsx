import { fireEvent, render, screen } from '@testing-library/react';
import { createRemoteComponent } from './createRemoteComponent';
import type { RemoteRegistry } from './remote-registry';

function LandingPage({ brand }: { brand: string }) {
  return <h1 data-testid="remote-landing">{brand}</h1>;
}

/** A registry whose remote answers as scripted: each call takes the next outcome. */
function scriptedRegistry(...outcomes: Array<'fail' | 'load'>): RemoteRegistry & { load: jest.Mock; reset: jest.Mock } {
  return {
    load: jest.fn(async () => {
      if (outcomes.shift() === 'fail') throw new Error('manifest 404');
      return { LandingPage };
    }),
    reset: jest.fn(),
  };
}

function renderInLayout(registry: RemoteRegistry) {
  const Landing = createRemoteComponent<{ brand: string }>(registry, 'landing', './LandingPage');
  render(
    <div>
      <nav aria-label="Main">
        <a href="/login">Log In</a>
      </nav>
      <main>
        <Landing brand="Capture Moments" />
      </main>
    </div>,
  );
}

describe('remote component', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));

  it('shows a spinner, then the remote page with its props', async () => {
    const registry = scriptedRegistry('load');
    renderInLayout(registry);

    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('heading', { name: 'Capture Moments' })).toBeInTheDocument();
    expect(registry.load).toHaveBeenCalledWith('landing', './LandingPage');
  });

  it('shows the fallback with Retry inside the layout when the remote cannot load', async () => {
    renderInLayout(scriptedRegistry('fail'));

    expect(await screen.findByText('This part of Memories could not be loaded')).toBeInTheDocument();
    expect(screen.getByTestId('remote-fallback')).toHaveAttribute('data-remote', 'landing');
    expect(screen.getByRole('link', { name: 'Log In' })).toBeInTheDocument();
    expect(screen.queryByTestId('remote-landing')).not.toBeInTheDocument();
  });

  it('loads the remote again on Retry and renders the page once it is back', async () => {
    const registry = scriptedRegistry('fail', 'load');
    renderInLayout(registry);

    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));

    expect(await screen.findByTestId('remote-landing')).toHaveTextContent('Capture Moments');
    expect(screen.queryByTestId('remote-fallback')).not.toBeInTheDocument();
    expect(registry.reset).toHaveBeenCalledWith('landing');
    expect(registry.load).toHaveBeenCalledTimes(2);
  });

  it('keeps showing the fallback when the retry fails too', async () => {
    const registry = scriptedRegistry('fail', 'fail');
    renderInLayout(registry);

    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(registry.load).toHaveBeenCalledTimes(2);
  });

  it('shows the fallback when the remote module does not export the page', async () => {
    const registry: RemoteRegistry = { load: async () => ({}), reset: jest.fn() };
    renderInLayout(registry);

    expect(await screen.findByTestId('remote-fallback')).toBeInTheDocument();
  });

  describe('preload', () => {
    it('starts loading before the first render, and the render uses that same load', async () => {
      const registry = scriptedRegistry('load');
      const Landing = createRemoteComponent<{ brand: string }>(registry, 'landing', './LandingPage');

      Landing.preload();
      expect(registry.load).toHaveBeenCalledTimes(1);
      render(<Landing brand="Capture Moments" />);

      expect(await screen.findByRole('heading', { name: 'Capture Moments' })).toBeInTheDocument();
      expect(registry.load).toHaveBeenCalledTimes(1);
    });

    it('shows a preloaded page at once, without a spinner', async () => {
      const registry = scriptedRegistry('load');
      const Landing = createRemoteComponent<{ brand: string }>(registry, 'landing', './LandingPage');

      Landing.preload();
      await registry.load.mock.results[0]?.value;
      await Promise.resolve();
      render(<Landing brand="Capture Moments" />);

      expect(screen.getByRole('heading', { name: 'Capture Moments' })).toBeInTheDocument();
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    });

    it('forgets a failed preload: the render loads again, past the runtime’s cached failure, and shows the page', async () => {
      const registry = scriptedRegistry('fail', 'load');
      const Landing = createRemoteComponent<{ brand: string }>(registry, 'landing', './LandingPage');

      Landing.preload();
      await Promise.resolve(registry.load.mock.results[0]?.value).catch(() => undefined);
      render(<Landing brand="Capture Moments" />);

      expect(await screen.findByRole('heading', { name: 'Capture Moments' })).toBeInTheDocument();
      expect(registry.reset).toHaveBeenCalledWith('landing');
      expect(registry.reset.mock.invocationCallOrder[0]).toBeLessThan(registry.load.mock.invocationCallOrder[1]);
      expect(registry.load).toHaveBeenCalledTimes(2);
    });
  });
});
