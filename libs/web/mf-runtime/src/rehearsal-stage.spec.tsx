import { act, render, screen, waitFor } from '@testing-library/react';
import { createContext, useContext, useEffect } from 'react';
import { createRemoteComponent } from './createRemoteComponent';
import { REHEARSAL_TIMEOUT_MS, RehearsalStage, type PageRehearsal } from './rehearsal-stage';
import type { RemoteModule, RemoteRegistry } from './remote-registry';

const Theme = createContext('light');

function EditorPage() {
  return <h1>Edit Memory</h1>;
}

/** What each rehearsal did: mounted (with the theme it read), unmounted. */
const seen: string[] = [];

function rehearsalThatSays(name: string, finish: 'done' | 'never' | 'throws' = 'done'): PageRehearsal {
  return function Rehearsal({ onDone }) {
    const theme = useContext(Theme);
    if (finish === 'throws') throw new Error('rehearsal failed');
    useEffect(() => {
      seen.push(`${name} on stage (${theme})`);
      if (finish === 'done') onDone();
      return () => void seen.push(`${name} off stage`);
    }, [onDone, theme]);
    return <p>{name} rehearsing</p>;
  };
}

function registryOf(exports: RemoteModule): RemoteRegistry & { load: jest.Mock } {
  return { load: jest.fn(async () => exports), reset: jest.fn() };
}

function renderStage() {
  render(
    <Theme.Provider value="dark">
      <main>The viewer</main>
      <RehearsalStage />
    </Theme.Provider>,
  );
}

describe('page rehearsals', () => {
  beforeEach(() => {
    seen.length = 0;
  });

  it("renders a page's rehearsal once, with the app's context, outside the document, and takes it down when done", async () => {
    const registry = registryOf({ EditorPage, EditorPageRehearsal: rehearsalThatSays('editor') });
    const Editor = createRemoteComponent(registry, 'editor', './EditorPage');
    renderStage();

    act(() => {
      Editor.rehearse();
      Editor.rehearse();
    });

    await waitFor(() => expect(seen).toEqual(['editor on stage (dark)', 'editor off stage']));
    expect(screen.queryByText('editor rehearsing')).not.toBeInTheDocument();
    expect(registry.load).toHaveBeenCalledTimes(1);

    act(() => Editor.rehearse());
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(seen).toEqual(['editor on stage (dark)', 'editor off stage']);
  });

  it('rehearses nothing for a page without a rehearsal, and loads its code all the same', async () => {
    const registry = registryOf({ EditorPage });
    const Editor = createRemoteComponent(registry, 'editor', './EditorPage');
    renderStage();

    act(() => Editor.rehearse());

    await waitFor(() => expect(registry.load).toHaveBeenCalledWith('editor', './EditorPage'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(seen).toEqual([]);
  });

  it('ends a failing rehearsal quietly and goes on with the next one', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = createRemoteComponent(
      registryOf({ TimelinePage: EditorPage, TimelinePageRehearsal: rehearsalThatSays('timeline', 'throws') }),
      'memories',
      './TimelinePage',
    );
    const Editor = createRemoteComponent(
      registryOf({ EditorPage, EditorPageRehearsal: rehearsalThatSays('editor') }),
      'editor',
      './EditorPage',
    );
    renderStage();

    act(() => {
      Broken.rehearse();
      Editor.rehearse();
    });

    await waitFor(() => expect(seen).toEqual(['editor on stage (dark)', 'editor off stage']));
    expect(screen.getByText('The viewer')).toBeInTheDocument();
  });

  it('takes down a rehearsal that never says it is done', async () => {
    const Editor = createRemoteComponent(
      registryOf({ EditorPage, EditorPageRehearsal: rehearsalThatSays('editor', 'never') }),
      'editor',
      './EditorPage',
    );
    jest.useFakeTimers();
    try {
      renderStage();
      act(() => Editor.rehearse());
      await act(() => jest.advanceTimersByTimeAsync(50));
      expect(seen).toEqual(['editor on stage (dark)']);

      await act(() => jest.advanceTimersByTimeAsync(REHEARSAL_TIMEOUT_MS));
      expect(seen).toEqual(['editor on stage (dark)', 'editor off stage']);
    } finally {
      jest.useRealTimers();
    }
  });

  it('takes the rehearsal down when its page opens for real, and rehearses that page no more', async () => {
    const Editor = createRemoteComponent(
      registryOf({ EditorPage, EditorPageRehearsal: rehearsalThatSays('editor', 'never') }),
      'editor',
      './EditorPage',
    );
    renderStage();
    act(() => Editor.rehearse());
    await waitFor(() => expect(seen).toEqual(['editor on stage (dark)']));

    render(<Editor />);

    expect(await screen.findByRole('heading', { name: 'Edit Memory' })).toBeInTheDocument();
    await waitFor(() => expect(seen).toEqual(['editor on stage (dark)', 'editor off stage']));
    act(() => Editor.rehearse());
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(seen).toEqual(['editor on stage (dark)', 'editor off stage']);
  });

  it('tries again at the next prefetch when the code could not be loaded', async () => {
    const registry: RemoteRegistry & { load: jest.Mock } = {
      load: jest
        .fn<Promise<RemoteModule>, [string, string]>()
        .mockRejectedValueOnce(new Error('offline'))
        .mockResolvedValue({ EditorPage, EditorPageRehearsal: rehearsalThatSays('editor') }),
      reset: jest.fn(),
    };
    const Editor = createRemoteComponent(registry, 'editor', './EditorPage');
    renderStage();

    act(() => Editor.rehearse());
    await waitFor(() => expect(registry.load).toHaveBeenCalledTimes(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(seen).toEqual([]);

    act(() => Editor.rehearse());
    await waitFor(() => expect(seen).toEqual(['editor on stage (dark)', 'editor off stage']));
  });
});
