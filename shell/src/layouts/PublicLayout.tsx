import { DarkModeToggle, UnderConstructionDialog, type LandingNavigationState, type LandingSection } from '@memories/web-ui';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { AppFrame } from './AppFrame';

const CONTACT_MESSAGE =
  'Contact functionality is currently under development. Site admin is working hard to bring you this feature soon!';

const sectionLinks: { label: string; section: LandingSection }[] = [
  { label: 'Home', section: 'home' },
  { label: 'Features', section: 'features' },
  { label: 'About', section: 'about' },
];

/** Top bar of the public pages: landing sections, Contact, theme toggle, Log In and Get Started. */
export function PublicLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const [contactOpen, setContactOpen] = useState(false);

  const goToSection = (section: LandingSection) => {
    if (location.pathname === '/') {
      document.getElementById(section)?.scrollIntoView({ behavior: 'smooth' });
    } else {
      const state: LandingNavigationState = { scrollTo: section };
      void navigate('/', { state });
    }
  };

  return (
    <>
      <AppFrame
        home="/"
        navigation={
          <>
            {sectionLinks.map(({ label, section }) => (
              <Button key={section} color="inherit" onClick={() => goToSection(section)}>
                {label}
              </Button>
            ))}
            <Button color="inherit" onClick={() => setContactOpen(true)}>
              Contact
            </Button>
          </>
        }
        actions={
          <>
            <DarkModeToggle />
            <Button component={RouterLink} to="/login" variant="outlined">
              Log In
            </Button>
            <Button component={RouterLink} to="/register" variant="contained">
              Get Started
            </Button>
          </>
        }
      />
      <UnderConstructionDialog open={contactOpen} onClose={() => setContactOpen(false)} message={CONTACT_MESSAGE} />
    </>
  );
}
