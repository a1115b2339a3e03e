import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import PublishIcon from '@mui/icons-material/Publish';
import SaveIcon from '@mui/icons-material/Save';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Button, { buttonClasses, type ButtonProps } from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';

export interface EditorActionsProps {
  /** A save is running or an image is uploading. */
  saveDisabled: boolean;
  onSave: (kind: 'draft' | 'publish') => void;
  previewing: boolean;
  onPreview: (show: boolean) => void;
  autoSave: boolean;
  onAutoSaveChange: (enabled: boolean) => void;
  /** Only a memory saved at least once has a history. */
  onOpenHistory: (() => void) | null;
  onCancel: () => void;
}

/**
 * Save Draft or Publish. While a save runs it looks and is announced unavailable, and ignores presses, but is not
 * `disabled`: that would take focus off the button just pressed and drop it on the page's body, so the next Tab
 * started again from the top.
 */
function SaveButton({ busy, onClick, ...props }: Omit<ButtonProps, 'disabled'> & { busy: boolean }) {
  return (
    <Button
      {...props}
      aria-disabled={busy || undefined}
      className={busy ? buttonClasses.disabled : undefined}
      onClick={busy ? undefined : onClick}
    />
  );
}

/** The row of buttons above the form: save, publish, preview, the auto-save switch, history and cancel. */
export function EditorActions({
  saveDisabled,
  onSave,
  previewing,
  onPreview,
  autoSave,
  onAutoSaveChange,
  onOpenHistory,
  onCancel,
}: EditorActionsProps) {
  return (
    <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 3 }}>
      <SaveButton variant="outlined" startIcon={<SaveIcon />} busy={saveDisabled} onClick={() => onSave('draft')}>
        Save Draft
      </SaveButton>
      <SaveButton variant="contained" startIcon={<PublishIcon />} busy={saveDisabled} onClick={() => onSave('publish')}>
        Publish
      </SaveButton>
      <Button
        variant="outlined"
        aria-pressed={previewing}
        startIcon={previewing ? <EditIcon /> : <VisibilityIcon />}
        onClick={() => onPreview(!previewing)}
      >
        {previewing ? 'Edit' : 'Preview'}
      </Button>
      <FormControlLabel
        control={<Switch checked={autoSave} onChange={(event) => onAutoSaveChange(event.target.checked)} />}
        label="Auto-save"
        sx={{ mx: 0 }}
      />
      {onOpenHistory && (
        <Button variant="outlined" startIcon={<HistoryIcon />} aria-haspopup="dialog" onClick={onOpenHistory}>
          History
        </Button>
      )}
      <Button color="inherit" onClick={onCancel}>
        Cancel
      </Button>
    </Stack>
  );
}
