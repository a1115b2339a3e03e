import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import PublishIcon from '@mui/icons-material/Publish';
import SaveIcon from '@mui/icons-material/Save';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { unavailableButton } from '@memories/web-ui';

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
      <Button variant="outlined" startIcon={<SaveIcon />} {...unavailableButton(saveDisabled, () => onSave('draft'))}>
        Save Draft
      </Button>
      <Button
        variant="contained"
        startIcon={<PublishIcon />}
        {...unavailableButton(saveDisabled, () => onSave('publish'))}
      >
        Publish
      </Button>
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
