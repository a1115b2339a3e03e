import type { AuthUser } from '@memories/contracts';
import { ApiError } from '@memories/web-api-client';
import { showKeptCopy } from '@memories/web-offline';
import { createSessionStore } from '@memories/web-session';
import { avatarColor } from '@memories/web-ui';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderRoutes } from '../testing/render-routes';
import { restoreScreen, screenWidth } from '../testing/screen-width';
import { sessionStoreAfterRefresh, testUser } from '../testing/session-stores';
import { activeTab } from './BottomTabBar';
import { SignedInLayout } from './SignedInLayout';

const routes = [
  {
    element: <SignedInLayout />,
    children: ['/dashboard', '/profile', '/memory/create', '/memory/7', '/settings/data'].map((path) => ({
      path,
      element: <h1>{`page ${path}`}</h1>,
    })),
  },
  { path: '/login', element: <h1>Log In</h1> },
];

function renderAs(user: Partial<AuthUser>, path = '/dashboard', logout: () => Promise<null> = async () => null) {
  const store = sessionStoreAfterRefresh('signed-in', {
    refresh: async () => ({ accessToken: 'jwt', user: { ...testUser, ...user } }),
    logout,
  });
  return { store, router: renderRoutes(routes, store, [path]) };
}

describe('SignedInLayout', () => {
  afterEach(restoreScreen);

  it('has Dashboard, Timeline, Profile and Create Memory, the theme toggle and Logout', async () => {
    renderAs({});
    await screen.findByRole('heading', { name: 'page /dashboard' });

    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(main)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'Timeline', 'Profile', 'Create Memory']);
    expect(within(main).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(main).getByRole('link', { name: 'Timeline' })).toHaveAttribute('href', '/timeline');
    expect(within(main).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(within(main).getByRole('link', { name: 'Create Memory' })).toHaveAttribute('href', '/memory/create');
    expect(screen.getByRole('button', { name: 'Dark mode' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it.each([
    [{ name: 'Ada Lovelace' }, 'Ada Lovelace', 'A'],
    [{ name: '', email: 'grace@example.com' }, 'grace@example.com', 'G'],
    [{ name: '', email: '' }, 'User', 'U'],
  ])(
    'shows the avatar initial and the name, falling back to the e-mail, then "User": %j',
    async (user, shown, initial) => {
      renderAs(user);
      await screen.findByRole('heading', { name: 'page /dashboard' });

      expect(screen.getByTestId('user-display-name')).toHaveTextContent(shown);
      expect(screen.getAllByTestId('user-avatar')[0]).toHaveTextContent(new RegExp(`^${initial}$`));
    },
  );

  it.each([
    ['the server answers', async () => null],
    [
      'the server call fails',
      async () =>
        Promise.reject(
          new ApiError({ kind: 'network', status: 0, message: 'Network error. Please check your connection.' }),
        ),
    ],
  ])('Logout ends the session and goes to /login when %s', async (_case, logout) => {
    const { store, router } = renderAs({}, '/dashboard', logout);
    await screen.findByRole('heading', { name: 'page /dashboard' });

    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(store.getState()).toMatchObject({ accessToken: null, user: null, isAuthenticated: false });
  });

  it('opens the account menu from the avatar and name, with the ways to Settings and Your data', async () => {
    const { router } = renderAs({ name: 'Ada Lovelace' });
    await screen.findByRole('heading', { name: 'page /dashboard' });

    fireEvent.click(screen.getByRole('button', { name: 'Account menu for Ada Lovelace' }));

    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(within(menu).queryByRole('menuitem', { name: 'Administration' })).not.toBeInTheDocument();
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Your data' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/data'));
  });

  it("shows an admin the way to the instance's administration, and a member never", async () => {
    renderAs({ name: 'Ada Lovelace', role: 'admin' });
    await screen.findByRole('heading', { name: 'page /dashboard' });

    fireEvent.click(screen.getByRole('button', { name: 'Account menu for Ada Lovelace' }));

    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Administration' })).toHaveAttribute('href', '/settings/users');
  });

  it('draws no tab bar on a wide screen, where the top bar has the links', async () => {
    screenWidth(1280);
    renderAs({});
    await screen.findByRole('heading', { name: 'page /dashboard' });

    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Tabs' })).not.toBeInTheDocument();
  });

  describe('on a phone', () => {
    beforeEach(() => screenWidth(390));

    it('has a bottom tab bar with Home, Timeline, Create and Profile, marking the current one', async () => {
      renderAs({}, '/memory/create');
      await screen.findByRole('heading', { name: 'page /memory/create' });

      const tabs = await screen.findByRole('navigation', { name: 'Tabs' });
      expect(
        within(tabs)
          .getAllByRole('link')
          .map((link) => link.getAttribute('href')),
      ).toEqual(['/dashboard', '/timeline', '/memory/create', '/profile']);
      expect(within(tabs).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/dashboard');
      expect(within(tabs).getByRole('link', { name: 'Timeline' })).not.toHaveAttribute('aria-current');
      expect(within(tabs).getByRole('link', { name: 'Create' })).toHaveAttribute('aria-current', 'page');
      expect(within(tabs).getByRole('link', { name: 'Profile' })).not.toHaveAttribute('aria-current');
    });

    it('shows the initials on the colour of the name in the Profile tab, or the profile image', async () => {
      renderAs({ name: 'Ada Lovelace' });
      await screen.findByRole('heading', { name: 'page /dashboard' });
      const profileTab = within(await screen.findByRole('navigation', { name: 'Tabs' })).getByRole('link', {
        name: 'Profile',
      });

      expect(within(profileTab).getByTestId('user-avatar')).toHaveTextContent('AL');
      expect(within(profileTab).getByTestId('user-avatar')).toHaveStyle({
        backgroundColor: avatarColor({ name: 'Ada Lovelace' }),
      });
    });

    it('shows the profile image in the Profile tab when the user has one', async () => {
      renderAs({ profileImageUrl: 'https://img.example.com/ada.png' });
      await screen.findByRole('heading', { name: 'page /dashboard' });
      const profileTab = within(await screen.findByRole('navigation', { name: 'Tabs' })).getByRole('link', {
        name: 'Profile',
      });

      await waitFor(() =>
        expect(profileTab.querySelector('img')).toHaveAttribute('src', 'https://img.example.com/ada.png'),
      );
    });
  });
});

describe('activeTab', () => {
  it.each([
    ['/dashboard', 'home'],
    ['/', 'home'],
    ['/memory/create', 'create'],
    ['/profile', 'profile'],
    ['/timeline', 'timeline'],
    ['/memory/7', false],
    ['/memory/edit/7', false],
  ])('%s → %s', (path, tab) => {
    expect(activeTab(path)).toBe(tab);
  });
});

describe('the Offline banner', () => {
  // The top bar's pending-saves count is a status region too: the banner is the one with its test id.
  const banner = () => screen.queryByTestId('offline-banner');

  it('is not there while the pages show what the server answered', async () => {
    renderAs({});
    await screen.findByRole('heading', { name: 'page /dashboard' });

    expect(banner()).not.toBeInTheDocument();
  });

  it('says when the copy a page shows was kept, the oldest one on screen, and goes when the pages stop showing one', async () => {
    renderAs({});
    await screen.findByRole('heading', { name: 'page /dashboard' });
    const keptAt = new Date(2026, 10, 27, 10, 42).getTime();

    let stopShowing = () => undefined as void;
    act(() => {
      const stopOlder = showKeptCopy(keptAt);
      const stopNewer = showKeptCopy(keptAt + 60_000);
      stopShowing = () => {
        stopOlder();
        stopNewer();
      };
    });

    // In the reader's own locale: "27 Nov, 10:42" or "Nov 27, 10:42 AM".
    expect(banner()).toHaveTextContent(/^Offline — showing your copy from (27 Nov|Nov 27), 10:42/);
    expect(banner()?.querySelector('time')).toHaveAttribute('datetime', new Date(keptAt).toISOString());
    act(() => stopShowing());
    expect(banner()).not.toBeInTheDocument();
  });

  it('says Offline in a session opened without the network, as the user this device kept', async () => {
    const unreachable = new ApiError({
      kind: 'network',
      status: 0,
      message: 'Network error. Please check your connection.',
    });
    const unused = async () => Promise.reject(new Error('not used here'));
    const store = createSessionStore({
      auth: {
        refresh: async () => Promise.reject(unreachable),
        logout: async () => null,
        login: unused,
        loginWithTwoFactor: unused,
        loginWithPasskey: unused,
        getProfile: unused,
        updateProfile: unused,
      },
      keptProfile: { keep: async () => undefined, lastSignedIn: async () => testUser, forget: async () => undefined },
    });
    renderRoutes(routes, store, ['/dashboard']);

    await screen.findByRole('heading', { name: 'page /dashboard' });
    expect(banner()).toHaveTextContent(/^Offline$/);
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });
});
