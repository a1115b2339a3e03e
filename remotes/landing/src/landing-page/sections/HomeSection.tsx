import { ADMIN_MESSAGES } from '@memories/contracts';
import type { AuthApi } from '@memories/web-api-client';
import { useSession } from '@memories/web-session';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

import { useSignUpMode } from '../hooks/useSignUpMode';
import { PRIVACY_STATEMENT } from '../landing-content';
import { scrollToSection } from './scroll-to-section';

export interface HomeSectionProps {
  api: Pick<AuthApi, 'signUpState'>;
}

/**
 * The hero: brand line (spec section 1: "Your Memories" once signed in), the privacy promise and the two calls to
 * action. Where sign-up needs an invite, Get Started gives way to Log in, and the page says how to join.
 */
export function HomeSection({ api }: HomeSectionProps) {
  const { status } = useSession();
  const mode = useSignUpMode(api);
  const byInvite = status !== 'authenticated' && (mode === 'invite' || mode === 'closed');
  return (
    <Box
      component="section"
      id="home"
      aria-labelledby="home-title"
      sx={(theme) => ({
        py: { xs: 8, md: 14 },
        textAlign: 'center',
        background: `linear-gradient(180deg, ${theme.palette.action.hover} 0%, transparent 100%)`,
      })}
    >
      <Container maxWidth="md">
        <Typography
          id="home-title"
          variant="h2"
          component="h1"
          sx={{ fontWeight: 800, fontSize: { xs: '2.5rem', md: '3.75rem' } }}
          gutterBottom
        >
          {status === 'authenticated' ? 'Your Memories' : 'Capture Moments'}
        </Typography>
        <Typography variant="h6" component="p" color="text.secondary" sx={{ mb: 2 }}>
          A private journal for the days you want to remember.
        </Typography>
        <Typography component="p" color="text.secondary" sx={{ mb: 4 }}>
          {PRIVACY_STATEMENT}
        </Typography>
        {byInvite && (
          <Typography component="p" sx={{ mb: 2, fontWeight: 600 }} data-testid="sign-up-by-invite">
            {mode === 'closed' ? ADMIN_MESSAGES.signupClosed : ADMIN_MESSAGES.signupByInvite}
          </Typography>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
          {byInvite ? (
            <Button component={RouterLink} to="/login" variant="contained" size="large">
              Log in
            </Button>
          ) : (
            <Button component={RouterLink} to="/register" variant="contained" size="large">
              Get Started
            </Button>
          )}
          <Button variant="outlined" size="large" onClick={() => scrollToSection('about')}>
            Learn more
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}
