import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

import { CONTACT_DETAILS } from '../landing-content';
import { DeferredContactForm } from './DeferredContactForm';

/** Static support details (spec sections 2 and 9) beside the contact form. */
export function ContactSection() {
  return (
    <Box component="section" id="contact" aria-labelledby="contact-title" sx={{ py: 8 }}>
      <Container maxWidth="lg">
        <Typography
          id="contact-title"
          variant="h4"
          component="h2"
          gutterBottom
          sx={{ fontWeight: 700, textAlign: 'center' }}
        >
          Contact
        </Typography>
        <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mt: 4 }}>
          <Box component="dl" sx={{ m: 0 }}>
            {CONTACT_DETAILS.map((detail) => (
              <Box key={detail.label} sx={{ mb: 2 }}>
                <Typography component="dt" sx={{ fontWeight: 600 }}>
                  {detail.label}
                </Typography>
                <Typography component="dd" color="text.secondary" sx={{ m: 0 }}>
                  {detail.value}
                </Typography>
              </Box>
            ))}
          </Box>
          <DeferredContactForm />
        </Box>
      </Container>
    </Box>
  );
}
