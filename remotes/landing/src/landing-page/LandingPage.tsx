import { authApi, type AuthApi } from '@memories/web-api-client';
import { LANDING_SECTIONS, type LandingNavigationState, type LandingSection } from '@memories/web-ui';
import Box from '@mui/material/Box';
import { useEffect } from 'react';
import { useLocation } from 'react-router';

import { AboutSection } from './sections/AboutSection';
import { ContactSection } from './sections/ContactSection';
import { FeaturesSection } from './sections/FeaturesSection';
import { HomeSection } from './sections/HomeSection';
import { scrollToSection } from './sections/scroll-to-section';

const isLandingSection = (value: unknown): value is LandingSection =>
  LANDING_SECTIONS.includes(value as LandingSection);

export interface LandingPageProps {
  /** Tests pass their own; the app uses the shared client. */
  api?: Pick<AuthApi, 'signUpState'>;
}

/** The public landing page (exposed as `landing/LandingPage`), spec section 2 "Landing page". */
export function LandingPage({ api = authApi }: LandingPageProps) {
  const location = useLocation();
  const scrollTo = (location.state as LandingNavigationState | null)?.scrollTo;

  useEffect(() => {
    // The shell's top bar sends visitors here from other pages with the section they asked for.
    if (isLandingSection(scrollTo)) scrollToSection(scrollTo);
  }, [scrollTo]);

  return (
    <Box data-testid="remote-landing">
      <HomeSection api={api} />
      <FeaturesSection />
      <AboutSection />
      <ContactSection />
    </Box>
  );
}
