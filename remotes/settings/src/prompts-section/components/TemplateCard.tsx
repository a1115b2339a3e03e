import type { MemoryTemplate } from '@memories/contracts';
import { promptsApi, type PromptsApi } from '@memories/web-api-client';
import { ConfirmDialog, LoadingIndicator, unavailableButton } from '@memories/web-ui';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { CardNotice, useCardNotice } from '../../settings-page/components/CardNotice';
import { SettingsCard } from '../../settings-page/components/SettingsSection';
import { formatDateTime } from '../../settings-page/utils/format-date-time';

/** The editor's page for the template (the editor remote's `TemplateEditorPage`). */
export const TEMPLATE_EDITOR_PATH = '/memory/template';

const EMPTY_DOCUMENT = { type: 'doc', content: [] };

export interface TemplateCardProps {
  api?: Pick<PromptsApi, 'personalTemplate' | 'savePersonalTemplate'>;
}

/**
 * The personal template (until journals exist, one per person): whether there is one, a way to write it in the
 * editor, and to remove it. A new memory starts with it; an edit of an existing memory never does.
 */
export function TemplateCard({ api = promptsApi }: TemplateCardProps) {
  const [template, setTemplate] = useState<MemoryTemplate | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const { notice, succeeded, failed, clear } = useCardNotice();

  const load = useCallback(() => {
    api.personalTemplate().then(setTemplate, failed);
  }, [api, failed]);
  useEffect(load, [load]);

  const remove = async () => {
    setBusy(true);
    try {
      const { data, message } = await api.savePersonalTemplate({ contentJson: EMPTY_DOCUMENT });
      setTemplate(data);
      if (message) succeeded(message);
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <SettingsCard title="Template">
      <Stack spacing={1.5}>
        <CardNotice notice={notice} onClose={clear} />
        {!template && !notice && <LoadingIndicator />}
        {template && (
          <Typography color="text.secondary" data-testid="template-status">
            {template.updatedAt
              ? `New memories start with your template (changed ${formatDateTime(template.updatedAt)}).`
              : 'You have no template: new memories start empty.'}
          </Typography>
        )}
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button variant="outlined" component={RouterLink} to={TEMPLATE_EDITOR_PATH}>
            {template?.updatedAt ? 'Edit template' : 'Write a template'}
          </Button>
          {template?.updatedAt && (
            <Button color="error" {...unavailableButton(busy, () => setConfirming(true))}>
              Remove template
            </Button>
          )}
        </Stack>
      </Stack>
      {confirming && (
        <ConfirmDialog
          title="Remove your template?"
          message="New memories will start empty. Memories you already wrote keep what they have."
          confirmLabel="Remove"
          destructive
          busy={busy}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void remove()}
        />
      )}
    </SettingsCard>
  );
}
