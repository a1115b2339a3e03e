import { PROMPT_CATEGORIES, PROMPT_CATEGORY_LABELS, type Prompt, type PromptCategory } from '@memories/contracts';
import { promptsApi, type PromptsApi } from '@memories/web-api-client';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState } from 'react';

export interface PromptHelperProps {
  /** Puts the prompt into the memory as a heading (the panel then closes). */
  onInsert: (text: string) => void;
  onClose: () => void;
  api?: Pick<PromptsApi, 'random'>;
}

const ANY_CATEGORY = 'any';

/**
 * What "Need a prompt?" opens: a writing prompt drawn at random (of a category if one is chosen), another one on
 * "Shuffle", and "Insert as heading" to start writing under it. Every control is a button or a labelled select.
 */
export function PromptHelper({ onInsert, onClose, api = promptsApi }: PromptHelperProps) {
  const [category, setCategory] = useState<PromptCategory | typeof ANY_CATEGORY>(ANY_CATEGORY);
  const [prompt, setPrompt] = useState<Prompt | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const shuffle = useRef<HTMLButtonElement>(null);

  const draw = useCallback(
    async (from: PromptCategory | typeof ANY_CATEGORY) => {
      setLoading(true);
      setError(null);
      try {
        setPrompt(await api.random(from === ANY_CATEGORY ? undefined : from));
      } catch (failure) {
        setError(failure instanceof Error ? failure.message : String(failure));
      } finally {
        setLoading(false);
      }
    },
    [api],
  );

  // The first prompt as the panel opens.
  useEffect(() => void draw(ANY_CATEGORY), [draw]);
  // The button that opened the panel is gone: the keyboard continues inside the panel.
  useEffect(() => shuffle.current?.focus(), []);

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      component="section"
      aria-label="Writing prompt"
      onKeyDown={(event) => {
        // Not the Escape that closes the category menu (a portal: outside this element, inside its React tree).
        if (event.key === 'Escape' && event.currentTarget.contains(event.target as Node)) onClose();
      }}
    >
      <Stack spacing={1.5}>
        <Typography aria-live="polite" data-testid="prompt-text" sx={{ fontStyle: 'italic', minHeight: '1.5em' }}>
          {prompt?.text ?? (loading ? 'Finding a prompt…' : '')}
        </Typography>
        {error && <Alert severity="error">{error}</Alert>}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            select
            size="small"
            label="Category"
            value={category}
            onChange={(event) => {
              const next = event.target.value as PromptCategory | typeof ANY_CATEGORY;
              setCategory(next);
              void draw(next);
            }}
            sx={{ minWidth: 160 }}
          >
            <MenuItem value={ANY_CATEGORY}>Any</MenuItem>
            {PROMPT_CATEGORIES.map((value) => (
              <MenuItem key={value} value={value}>
                {PROMPT_CATEGORY_LABELS[value]}
              </MenuItem>
            ))}
          </TextField>
          <Button ref={shuffle} onClick={() => void draw(category)}>
            Shuffle
          </Button>
          <Button
            variant="contained"
            disabled={!prompt}
            onClick={() => {
              if (prompt) onInsert(prompt.text);
            }}
          >
            Insert as heading
          </Button>
          <Button onClick={onClose}>Close</Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
