import { promptsApi } from '@memories/web-api-client';
import { ConfirmDialog, ErrorNotice, LoadingIndicator, SuccessNotice, unavailableButton } from '@memories/web-ui';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { RichTextEditor, type RichTextEditorHandle } from '../rich-text';
import { useLeaveGuard } from '../editor-page/hooks/useLeaveGuard';
import { parseContentJson, type EditorDocument } from '../editor-page/utils/editor-document';

/** Where Settings lists the template; the page goes back there. */
export const TEMPLATE_SETTINGS_PATH = '/settings/prompts';

type Loaded =
  { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; content: EditorDocument | null };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * /memory/template (exposed as `editor/TemplateEditorPage`): the person's template in the memory editor (without
 * images: a template holds none). Saving an empty document removes it. Settings → Prompts & template links here.
 */
export function TemplateEditorPage() {
  const editor = useRef<RichTextEditorHandle>(null);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [changed, setChanged] = useState(false);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; message: string } | null>(null);

  const load = useCallback(() => {
    setLoaded({ status: 'loading' });
    promptsApi.personalTemplate().then(
      ({ contentJson }) => setLoaded({ status: 'ready', content: parseContentJson(contentJson) }),
      (error: unknown) => setLoaded({ status: 'failed', message: messageOf(error) }),
    );
  }, []);
  useEffect(load, [load]);

  const blocker = useLeaveGuard(() => changed);

  const save = async () => {
    if (!editor.current) return;
    setSaving(true);
    try {
      const { message } = await promptsApi.savePersonalTemplate({ contentJson: editor.current.getJSON() });
      setChanged(false);
      setNotice({ kind: 'success', message: message ?? '' });
    } catch (error) {
      setNotice({ kind: 'error', message: messageOf(error) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 }, px: { xs: 1.5, sm: 3 } }} data-testid="remote-editor">
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2.125rem' } }}>
        Your template
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Every new memory starts with this. A prompt you follow goes above it; what you share into Memories takes its
        place. Leave it empty to start new memories empty.
      </Typography>
      {loaded.status === 'loading' && <LoadingIndicator />}
      {loaded.status === 'failed' && (
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <ErrorNotice message={loaded.message} />
          <Button onClick={load}>Try again</Button>
        </Stack>
      )}
      {loaded.status === 'ready' && (
        <Stack spacing={2}>
          {notice &&
            (notice.kind === 'success' ? (
              <SuccessNotice title="Saved" message={notice.message} onClose={() => setNotice(null)} />
            ) : (
              <ErrorNotice message={notice.message} onClose={() => setNotice(null)} />
            ))}
          <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 3 } }}>
            <RichTextEditor
              ref={editor}
              initialContent={loaded.content}
              ariaLabel="Template"
              images={false}
              onChange={() => setChanged(true)}
              onImagesChange={() => undefined}
              onError={(message) => setNotice({ kind: 'error', message })}
            />
          </Paper>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Button variant="contained" {...unavailableButton(saving, () => void save())}>
              Save template
            </Button>
            <Button component={RouterLink} to={TEMPLATE_SETTINGS_PATH}>
              Back to Settings
            </Button>
          </Stack>
        </Stack>
      )}
      {blocker.state === 'blocked' && (
        <ConfirmDialog
          title="Leave without saving?"
          message="Your changes to the template are not saved and will be lost."
          confirmLabel="Leave"
          destructive
          onCancel={() => blocker.reset?.()}
          onConfirm={() => blocker.proceed?.()}
        />
      )}
    </Container>
  );
}
