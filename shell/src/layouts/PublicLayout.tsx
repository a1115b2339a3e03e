import {
  CONTACT_UNDER_CONSTRUCTION_MESSAGE,
  DarkModeToggle,
  UnderConstructionDialog,
  type LandingNavigationState,
  type LandingSection,
} from '@memories/web-ui';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { AppFrame } from './AppFrame';

const sectionLinks: { label: string; section: LandingSection }[] = [
  { label: 'Home', section: 'home' },
  { label: 'Features', section: 'features' },
  { label: 'About', section: 'about' },
];

/**
 * Top bar of the public pages (spec section 2): landing sections, Contact, theme toggle, Log In and Get Started;
 * on small screens the links and account buttons fold into a menu.
 */
export function PublicLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const [contactOpen, setContactOpen] = useState(false);

  const goToSection = (section: LandingSection) => {
    if (location.pathname === '/') {
      document.getElementById(section)?.scrollIntoView({ behavior: 'smooth' });
    } else {
      // The landing page scrolls to the section named in the navigation state once it renders.
      const state: LandingNavigationState = { scrollTo: section };
      void navigate('/', { state });
    }
  };

  const links = (onChoose: () => void, fullWidth: boolean) => (
    <>
      {sectionLinks.map(({ label, section }) => (
        <Button
          key={section}
          color="inherit"
          fullWidth={fullWidth}
          onClick={() => {
            onChoose();
            goToSection(section);
          }}
        >
          {label}
        </Button>
      ))}
      <Button
        color="inherit"
        fullWidth={fullWidth}
        // The menu stays open under the dialog, so closing the dialog returns focus to this button.
        onClick={() => setContactOpen(true)}
      >
        Contact
      </Button>
    </>
  );

  const accountButtons = (
    <>
      <Button component={RouterLink} to="/login" variant="outlined">
        Log In
      </Button>
      <Button component={RouterLink} to="/register" variant="contained">
        Get Started
      </Button>
    </>
  );

  return (
    <>
      <AppFrame
        home="/"
        navigationFrom="md"
        navigation={links(() => undefined, false)}
        actions={
          <>
            <DarkModeToggle />
            {/* Below sm the account buttons live in the menu: a 360 px bar has no room for them. */}
            <Box sx={{ display: { xs: 'none', sm: 'flex' }, gap: 1 }}>{accountButtons}</Box>
          </>
        }
        menu={(close) => (
          <>
            {links(close, true)}
            <Box sx={{ display: { xs: 'flex', sm: 'none' }, flexDirection: 'column', gap: 1, mt: 1 }}>
              {accountButtons}
            </Box>
          </>
        )}
      />
      <UnderConstructionDialog
        open={contactOpen}
        onClose={() => setContactOpen(false)}
        message={CONTACT_UNDER_CONSTRUCTION_MESSAGE}
      />
    </>
  );
}
