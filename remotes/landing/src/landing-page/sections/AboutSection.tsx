import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

import { PRIVACY_STATEMENT } from '../landing-content';

/** Why the app exists, and the privacy statement of spec section 1. */
export function AboutSection() {
  return (
    <Box component="section" id="about" aria-labelledby="about-title" sx={{ py: 8, bgcolor: 'action.hover' }}>
      <Container maxWidth="md">
        <Typography id="about-title" variant="h4" component="h2" gutterBottom sx={{ fontWeight: 700 }}>
          About
        </Typography>
        <Typography sx={{ mb: 2 }}>
          Memories is a self-hostable journal: write about your days, add photos, tag them, and come back to them years
          later.
        </Typography>
        <Typography sx={{ fontWeight: 600 }}>{PRIVACY_STATEMENT}</Typography>
      </Container>
    </Box>
  );
}
