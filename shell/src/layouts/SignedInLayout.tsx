import { memoriesApi } from '@memories/web-api-client';
import { clearOutboxOf, pendingSavesOf, startOutboxDrain } from '@memories/web-offline';
import { useSession } from '@memories/web-session';
import { ConfirmDialog, DarkModeToggle, LazyPartBoundary, lazyPart, useScreenBelow } from '@memories/web-ui';
import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { AccountMenu } from './AccountMenu';
import { AppFrame } from './AppFrame';
import { displayNameOf } from './display-name';
import { OfflineBanner } from './OfflineBanner';
import { PendingSavesIndicator } from './PendingSavesIndicator';

// The spec's three links, with the timeline (the landing page promises one) next to the dashboard, as in the tab bar.
const links = [
  { label: 'Dashboard', to: '/dashboard' },
  { label: 'Timeline', to: '/timeline' },
  { label: 'Profile', to: '/profile' },
  { label: 'Create Memory', to: '/memory/create' },
];

/** Where the top bar's links give way to the bottom tab bar. */
const NAVIGATION_FROM = 'sm';

// The tab bar and MUI's bottom navigation are drawn only below NAVIGATION_FROM, so only a small screen fetches them;
// they keep every signed-in page's first load on a wider screen without them (docs/performance.md, issue 39).
const BottomTabBar = lazyPart(() => import('./BottomTabBar').then(({ BottomTabBar }) => BottomTabBar));

/** The bottom tab bar, on a small screen only (asked at the first render, so a phone fetches it with the page). */
function SmallScreenTabBar() {
  const small = useScreenBelow(NAVIGATION_FROM);
  return small ? (
    <LazyPartBoundary>
      <BottomTabBar />
    </LazyPartBoundary>
  ) : null;
}

/**
 * Top bar of the signed-in pages (spec section 2): main links, the avatar initial and the user's name (which open the
 * account menu), theme toggle and Logout; the bottom tab bar on small screens.
 */
export function SignedInLayout() {
  const { user, logout } = useSession();
  const navigate = useNavigate();
  const displayName = displayNameOf(user);
  const userId = user?.id ?? null;
  // Saves kept on this device while offline, asked about before signing out deletes them.
  const [unsent, setUnsent] = useState<{ count: number; signingOut: boolean } | null>(null);

  // Saves kept on this device go out now, when the browser is back online, and now and then while they wait.
  useEffect(() => (userId === null ? undefined : startOutboxDrain(memoriesApi, userId)), [userId]);

  const signOut = async () => {
    // The user's outbox goes with the session (issue 20): another user of this browser never sends or sees it.
    if (userId !== null)
      await clearOutboxOf(userId).catch((failure: unknown) =>
        console.error("Clearing this device's unsent saves failed", failure),
      );
    // Clears the local session even when the server call fails.
    await logout();
    await navigate('/login');
  };

  const onLogout = async () => {
    const count = userId === null ? 0 : (await pendingSavesOf(userId).catch(() => [])).length;
    if (count > 0) setUnsent({ count, signingOut: false });
    else await signOut();
  };

  return (
    <>
      <AppFrame
        home="/dashboard"
        navigationFrom={NAVIGATION_FROM}
        navigation={links.map(({ label, to }) => (
          <Button key={to} component={NavLink} to={to} color="inherit" sx={{ '&.active': { color: 'primary.main' } }}>
            {label}
          </Button>
        ))}
        actions={
          <>
            {userId !== null && <PendingSavesIndicator userId={userId} />}
            <AccountMenu user={user} displayName={displayName} />
            <DarkModeToggle />
            <Button variant="outlined" onClick={() => void onLogout()}>
              Logout
            </Button>
          </>
        }
        bottomBar={<SmallScreenTabBar />}
        notice={<OfflineBanner />}
      />
      {unsent && (
        <ConfirmDialog
          title="Delete unsent changes?"
          message={`${unsent.count === 1 ? '1 change saved on this device has' : `${unsent.count} changes saved on this device have`} not been sent yet. Signing out deletes ${unsent.count === 1 ? 'it' : 'them'} from this device.`}
          confirmLabel="Sign out and delete"
          destructive
          busy={unsent.signingOut}
          onCancel={() => setUnsent(null)}
          onConfirm={() => {
            setUnsent({ ...unsent, signingOut: true });
            void signOut();
          }}
        />
      )}
    </>
  );
}
