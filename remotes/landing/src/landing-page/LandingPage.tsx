import { LANDING_SECTIONS, type LandingNavigationState, type LandingSection } from '@memories/web-ui';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';

const sectionTitles: Record<Exclude<LandingSection, 'home'>, string> = {
  features: 'Features',
  about: 'About',
  contact: 'Contact',
};

const isLandingSection = (value: unknown): value is LandingSection => LANDING_SECTIONS.includes(value as LandingSection);

/** The public landing page (exposed as `landing/LandingPage`). The landing issue (#8) fills in the sections. */
export function LandingPage() {
  const location = useLocation();
  const scrollTo = (location.state as LandingNavigationState | null)?.scrollTo;

  useEffect(() => {
    // The shell's top bar sends visitors here from other pages with the section they asked for.
    if (isLandingSection(scrollTo)) document.getElementById(scrollTo)?.scrollIntoView({ behavior: 'smooth' });
  }, [scrollTo]);

  return (
    <Box data-testid="remote-landing">
      <Box component="section" id="home" aria-labelledby="home-title" sx={{ py: { xs: 8, md: 12 }, textAlign: 'center' }}>
        <Container maxWidth="md">
          <Typography id="home-title" variant="h2" component="h1" sx={{ fontWeight: 800 }} gutterBottom>
            Capture Moments
          </Typography>
          <Typography variant="h6" component="p" color="text.secondary" sx={{ mb: 4 }}>
            A private journal for the days you want to remember. Your memories are private and accessible only to you,
            plus any users you share them with.
          </Typography>
          <Stack direction="row" spacing={2} sx={{ justifyContent: 'center' }}>
            <Button component={RouterLink} to="/register" variant="contained" size="large">
              Get Started
            </Button>
            <Button variant="outlined" size="large" onClick={() => document.getElementById('about')?.scrollIntoView({ behavior: 'smooth' })}>
              Learn more
            </Button>
          </Stack>
        </Container>
      </Box>
      {(Object.keys(sectionTitles) as (keyof typeof sectionTitles)[]).map((section) => (
        <Box key={section} component="section" id={section} aria-labelledby={`${section}-title`} sx={{ py: 8, minHeight: '40vh' }}>
          <Container maxWidth="md">
            <Typography id={`${section}-title`} variant="h4" component="h2" gutterBottom>
              {sectionTitles[section]}
            </Typography>
          </Container>
        </Box>
      ))}
    </Box>
  );
}
