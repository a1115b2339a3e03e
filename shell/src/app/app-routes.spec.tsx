import { act, screen, within } from '@testing-library/react';
import { sessionStoreAfterRefresh } from '../testing/session-stores';
import { renderRoutes } from '../testing/render-routes';
import { restoreScreen, screenWidth } from '../testing/screen-width';
import { createAppRoutes, preloadMatchedPages, rehearseMatchedPages, type AppPages } from './app-routes';
import { createMemoryRouter, matchRoutes, useParams } from 'react-router';

function EditorPage() {
  const { id } = useParams();
  return (
    <>
      <h1>{id ? `Edit Memory ${id}` : 'Create New Memory'}</h1>
      <input aria-label="Memory Title" />
    </>
  );
}

const pages: AppPages = {
  LandingPage: () => <h1>Capture Moments</h1>,
  DashboardPage: () => <h1>My Memories</h1>,
  ProfilePage: () => <h1>Profile</h1>,
  EditorPage,
  TemplateEditorPage: () => <h1>Your template</h1>,
  ViewerPage: () => {
    throw new Error('Viewer exploded');
  },
  TimelinePage: () => <h1>Timeline</h1>,
  SettingsPage: () => <h1>Settings</h1>,
};

const routes = createAppRoutes(pages);

// /login and /register are lazy routes: their first import compiles MUI's form modules, slow on a cold, busy runner.
const lazyRoute = { timeout: 10_000 };

describe('app routes', () => {
  afterEach(restoreScreen);

  it('renders the landing page at / inside the public layout', async () => {
    renderRoutes(routes, sessionStoreAfterRefresh('signed-out'), ['/']);

    expect(await screen.findByRole('heading', { name: 'Capture Moments' })).toBeInTheDocument();
    const navigation = screen.getByRole('navigation', { name: 'Main' });
    for (const link of ['Home', 'Features', 'About', 'Contact'])
      expect(within(navigation).getByRole('button', { name: link })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('button', { name: 'Dark mode' })).toBeInTheDocument();
  });

  it('serves the login and register pages with the spec fields', async () => {
    renderRoutes(routes, sessionStoreAfterRefresh('signed-out'), ['/register']);

    expect(await screen.findByRole('heading', { name: 'Create Account' }, lazyRoute)).toBeInTheDocument();
    for (const label of [
      'First name',
      'Last name',
      'Email',
      'Phone number (optional)',
      'Password',
      'Confirm password',
    ]) {
      expect(screen.getByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}`))).toBeInTheDocument();
    }
  });

  it('moves focus to the main region after a navigation', async () => {
    const router = renderRoutes(routes, sessionStoreAfterRefresh('signed-out'), ['/']);
    await screen.findByRole('heading', { name: 'Capture Moments' });

    await act(() => router.navigate('/login'));

    expect(await screen.findByRole('heading', { name: 'Log In' }, lazyRoute)).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it("leaves focus in the page when the page stays across the URL change (a new memory's first save)", async () => {
    const router = renderRoutes(routes, sessionStoreAfterRefresh('signed-in'), ['/memory/create']);
    await screen.findByRole('heading', { name: 'Create New Memory' });
    screen.getByRole('textbox', { name: 'Memory Title' }).focus();

    await act(() => router.navigate('/memory/edit/42', { replace: true }));

    expect(await screen.findByRole('heading', { name: 'Edit Memory 42' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Memory Title' })).toHaveFocus();
  });

  it('sends signed-out visitors of a signed-in route to /login', async () => {
    const router = renderRoutes(routes, sessionStoreAfterRefresh('signed-out'), ['/dashboard']);

    expect(await screen.findByRole('heading', { name: 'Log In' }, lazyRoute)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('renders the signed-in pages inside the signed-in layout', async () => {
    // A phone's width: the tab bar is drawn below the top bar's breakpoint.
    screenWidth(390);
    renderRoutes(routes, sessionStoreAfterRefresh('signed-in'), ['/profile']);

    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Profile' }),
    ).toHaveAttribute('aria-current', 'page');
    expect(
      within(await screen.findByRole('navigation', { name: 'Tabs' })).getByRole('link', { name: 'Profile' }),
    ).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('uses the editor for create and edit', async () => {
    renderRoutes(routes, sessionStoreAfterRefresh('signed-in'), ['/memory/edit/42']);

    expect(await screen.findByRole('heading', { name: 'Edit Memory 42' })).toBeInTheDocument();
  });

  it('gives every path below /settings to the settings page, which routes its own sections', async () => {
    renderRoutes(routes, sessionStoreAfterRefresh('signed-in'), ['/settings/data']);

    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
  });

  it('redirects /create-memory to /memory/create, replacing the entry', async () => {
    const router = renderRoutes(routes, sessionStoreAfterRefresh('signed-in'), ['/create-memory']);

    expect(await screen.findByRole('heading', { name: 'Create New Memory' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/memory/create');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows the default error screen with status and text for an unknown path', async () => {
    renderRoutes(routes, sessionStoreAfterRefresh('signed-out'), ['/no/such/page']);

    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('404 Not Found')).toBeInTheDocument();
  });

  it('shows the default error screen with the message when a page throws', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderRoutes(routes, sessionStoreAfterRefresh('signed-in'), ['/memory/7']);

    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('Viewer exploded')).toBeInTheDocument();
  });

  it.each([
    ['/memory/edit/42', 'EditorPage'],
    ['/memory/create', 'EditorPage'],
    ['/memory/template', 'TemplateEditorPage'],
    ['/dashboard', 'DashboardPage'],
    ['/memory/42', 'ViewerPage'],
    ['/timeline', 'TimelinePage'],
    ['/settings/security', 'SettingsPage'],
    ['/', 'LandingPage'],
  ] as const)('starts loading the code of the page at %s, and of no other page, when the app starts', (url, page) => {
    const preloads = Object.fromEntries(Object.keys(pages).map((name) => [name, jest.fn()]));
    const preloadable = Object.fromEntries(
      Object.entries(pages).map(([name, Page]) => [
        name,
        Object.assign((props: object) => <Page {...props} />, { preload: preloads[name] }),
      ]),
    ) as unknown as AppPages;
    const router = createMemoryRouter(createAppRoutes(preloadable), { initialEntries: [url] });

    preloadMatchedPages(router.state.matches);

    for (const [name, preload] of Object.entries(preloads))
      expect(preload).toHaveBeenCalledTimes(name === page ? 1 : 0);
  });

  it('rehearses the page a link leads to where the page can, and otherwise only loads its code', () => {
    const rehearse = jest.fn();
    const preloads = { EditorPage: jest.fn(), ViewerPage: jest.fn() };
    const withHooks = {
      ...pages,
      EditorPage: Object.assign(() => null, { preload: preloads.EditorPage, rehearse }),
      ViewerPage: Object.assign(() => null, { preload: preloads.ViewerPage }),
    } as unknown as AppPages;
    const routes = createAppRoutes(withHooks);

    rehearseMatchedPages(matchRoutes(routes, '/memory/edit/42') ?? []);
    rehearseMatchedPages(matchRoutes(routes, '/memory/42') ?? []);

    expect(rehearse).toHaveBeenCalledTimes(1);
    expect(preloads.EditorPage).not.toHaveBeenCalled();
    expect(preloads.ViewerPage).toHaveBeenCalledTimes(1);
  });
});
