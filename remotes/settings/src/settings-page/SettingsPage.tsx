import { useSession } from '@memories/web-session';
import { LazyPartBoundary, LoadingIndicator } from '@memories/web-ui';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Navigate, NavLink, Route, Routes } from 'react-router';
import { SETTINGS_SECTIONS } from './settings-sections';

const [firstSection] = SETTINGS_SECTIONS;

/**
 * /settings/* (exposed as `settings/SettingsPage`): the signed-in user's settings, one section per path, and for an
 * admin the instance's administration (Users, Sign-up). The shell routes every /settings path here; the sections are
 * this remote's own routes, so a new section needs no shell release.
 */
export function SettingsPage() {
  const { user } = useSession();
  const sections = SETTINGS_SECTIONS.filter((section) => !section.adminOnly || user?.role === 'admin');
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 } }} data-testid="remote-settings">
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        Settings
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: { xs: 2, md: 4 } }}>
        <Box
          component="nav"
          aria-label="Settings sections"
          sx={{
            display: 'flex',
            flexDirection: { xs: 'row', md: 'column' },
            flexShrink: 0,
            width: { md: 180 },
            gap: 0.5,
            overflowX: 'auto',
            borderBottom: { xs: 1, md: 0 },
            borderColor: 'divider',
          }}
        >
          {sections.map(({ path, label }) => (
            <Button
              key={path}
              component={NavLink}
              to={`/settings/${path}`}
              color="inherit"
              sx={{
                justifyContent: 'flex-start',
                flexShrink: 0,
                '&.active': { color: 'primary.main', bgcolor: 'action.selected' },
              }}
            >
              {label}
            </Button>
          ))}
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Routes>
            {sections.map(({ path, Component }) => (
              <Route
                key={path}
                path={path}
                element={
                  <LazyPartBoundary loading={<LoadingIndicator />}>
                    <Component />
                  </LazyPartBoundary>
                }
              />
            ))}
            <Route path="*" element={<Navigate to={`/settings/${firstSection.path}`} replace />} />
          </Routes>
        </Box>
      </Box>
    </Container>
  );
}
