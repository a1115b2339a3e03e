import EditNoteIcon from '@mui/icons-material/EditNote';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { newMemoryWithPromptPath } from '@memories/contracts';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTodayPrompt } from '../hooks/useTodayPrompt';

/** "Today's prompt": the day's writing prompt (the one the day's reminder carries) and a way to write about it. */
export function TodayPrompt({ enabled }: { enabled: boolean }) {
  const prompt = useTodayPrompt(enabled);
  const headingId = useId();
  if (!prompt) return null;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      data-testid="today-prompt"
      sx={{
        mb: 3,
        p: { xs: 1.5, sm: 2 },
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { sm: 'center' },
        gap: 1.5,
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="overline" component="h2" id={headingId} color="text.secondary">
          Today’s prompt
        </Typography>
        <Typography sx={{ fontStyle: 'italic', overflowWrap: 'anywhere' }}>{prompt.text}</Typography>
      </Box>
      <Button
        component={RouterLink}
        to={newMemoryWithPromptPath(prompt.text)}
        variant="outlined"
        startIcon={<EditNoteIcon />}
        sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
      >
        Write about it
      </Button>
    </Paper>
  );
}
