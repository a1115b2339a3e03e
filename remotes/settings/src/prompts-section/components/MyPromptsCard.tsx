import {
  MAX_PROMPT_LENGTH,
  PROMPT_CATEGORIES,
  PROMPT_CATEGORY_LABELS,
  type Prompt,
  type PromptCategory,
} from '@memories/contracts';
import { promptsApi, type PromptsApi } from '@memories/web-api-client';
import { ConfirmDialog, LoadingIndicator } from '@memories/web-ui';
import LightbulbOutlinedIcon from '@mui/icons-material/LightbulbOutlined';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { CardNotice, useCardNotice } from '../../settings-page/components/CardNotice';
import { RemovableListItem } from '../../settings-page/components/RemovableListItem';
import { SettingsCard } from '../../settings-page/components/SettingsSection';

const NO_CATEGORY = 'none';

export interface MyPromptsCardProps {
  api?: Pick<PromptsApi, 'list' | 'create' | 'delete'>;
}

/**
 * The person's own writing prompts: "Need a prompt?" and the day's prompt draw from them with the built-in ones.
 * Added with a category or none; deleted after a confirmation (a prompt is something the person wrote).
 */
export function MyPromptsCard({ api = promptsApi }: MyPromptsCardProps) {
  const [mine, setMine] = useState<Prompt[] | null>(null);
  const [text, setText] = useState('');
  const [category, setCategory] = useState<PromptCategory | typeof NO_CATEGORY>(NO_CATEGORY);
  const [toDelete, setToDelete] = useState<Prompt | null>(null);
  const [busy, setBusy] = useState(false);
  const { notice, succeeded, failed, clear } = useCardNotice();

  const load = useCallback(() => {
    api.list().then((prompts) => setMine(prompts.filter((prompt) => !prompt.builtIn)), failed);
  }, [api, failed]);
  useEffect(load, [load]);

  const run = async (action: () => Promise<string | undefined>) => {
    setBusy(true);
    try {
      const message = await action();
      if (message) succeeded(message);
      load();
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };
  const add = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const { message } = await api.create({
        text: text.trim(),
        ...(category === NO_CATEGORY ? {} : { category }),
      });
      setText('');
      return message;
    });
  };
  const remove = (prompt: Prompt) =>
    void run(async () => {
      const { message } = await api.delete(prompt.id);
      setToDelete(null);
      return message;
    });

  return (
    <SettingsCard title="My prompts">
      <Stack spacing={2}>
        <CardNotice notice={notice} onClose={clear} />
        <Stack component="form" onSubmit={add} direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <TextField
            label="A prompt of your own"
            size="small"
            value={text}
            onChange={(event) => setText(event.target.value)}
            slotProps={{ htmlInput: { maxLength: MAX_PROMPT_LENGTH } }}
            sx={{ flex: 1 }}
          />
          <TextField
            select
            label="Category"
            size="small"
            value={category}
            onChange={(event) => setCategory(event.target.value as PromptCategory | typeof NO_CATEGORY)}
            sx={{ minWidth: 150 }}
          >
            <MenuItem value={NO_CATEGORY}>None</MenuItem>
            {PROMPT_CATEGORIES.map((value) => (
              <MenuItem key={value} value={value}>
                {PROMPT_CATEGORY_LABELS[value]}
              </MenuItem>
            ))}
          </TextField>
          <Button type="submit" variant="contained" disabled={busy || text.trim() === ''}>
            Add prompt
          </Button>
        </Stack>
        {!mine && !notice && <LoadingIndicator />}
        {mine?.length === 0 && (
          <Typography color="text.secondary">
            You have no prompts of your own yet; the built-in ones are used.
          </Typography>
        )}
        {mine && mine.length > 0 && (
          <List aria-label="My prompts" disablePadding>
            {mine.map((prompt) => (
              <RemovableListItem
                key={prompt.id}
                icon={<LightbulbOutlinedIcon color="action" sx={{ mr: 1.5 }} />}
                primary={prompt.text}
                secondary={prompt.category ? PROMPT_CATEGORY_LABELS[prompt.category] : 'No category'}
                actionLabel="Delete"
                actionName={`Delete ${prompt.text}`}
                disabled={busy}
                onRemove={() => setToDelete(prompt)}
              />
            ))}
          </List>
        )}
      </Stack>
      {toDelete && (
        <ConfirmDialog
          title="Delete this prompt?"
          message={`“${toDelete.text}” will no longer be offered.`}
          confirmLabel="Delete"
          destructive
          busy={busy}
          onCancel={() => setToDelete(null)}
          onConfirm={() => remove(toDelete)}
        />
      )}
    </SettingsCard>
  );
}
