import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

import { CURRENT_FEATURES, PLANNED_FEATURES } from '../landing-content';

/** What the app does today and what is planned (spec section 1). */
export function FeaturesSection() {
  return (
    <Box component="section" id="features" aria-labelledby="features-title" sx={{ py: 8 }}>
      <Container maxWidth="lg">
        <Typography
          id="features-title"
          variant="h4"
          component="h2"
          gutterBottom
          sx={{ textAlign: 'center', fontWeight: 700 }}
        >
          Features
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' },
            mt: 4,
          }}
        >
          {CURRENT_FEATURES.map((feature) => (
            <Paper key={feature.title} variant="outlined" sx={{ p: 3 }}>
              <Typography variant="h6" component="h3" gutterBottom>
                {feature.title}
              </Typography>
              <Typography color="text.secondary">{feature.text}</Typography>
            </Paper>
          ))}
        </Box>
        <Typography id="planned-title" variant="h5" component="h3" sx={{ mt: 6, mb: 2, textAlign: 'center' }}>
          Coming soon
        </Typography>
        <Box
          component="ul"
          aria-labelledby="planned-title"
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1.5, justifyContent: 'center' }}
        >
          {PLANNED_FEATURES.map((feature) => (
            <Box component="li" key={feature} sx={{ px: 2, py: 1, borderRadius: 4, border: 1, borderColor: 'divider' }}>
              {feature}
            </Box>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
