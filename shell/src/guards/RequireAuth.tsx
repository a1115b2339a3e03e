import { useSession } from '@memories/web-session';
import { LoadingIndicator } from '@memories/web-ui';
import Box from '@mui/material/Box';
import { Navigate, Outlet } from 'react-router';

/** Guards the signed-in routes: a spinner while the session starts, /login (replacing history) when signed out. */
export function RequireAuth() {
  const { status } = useSession();
  if (status === 'initializing') {
    return (
      <Box component="main">
        <LoadingIndicator label="Loading..." />
      </Box>
    );
  }
  if (status === 'unauthenticated') return <Navigate to="/login" replace />;
  return <Outlet />;
}
