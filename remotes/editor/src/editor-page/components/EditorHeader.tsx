import SettingsIcon from '@mui/icons-material/Settings';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lightFormat } from 'date-fns';

export interface EditorHeaderProps {
  heading: string;
  lastSavedAt: Date | null;
  /** The last save waits in the device's outbox. */
  keptOnDevice: boolean;
  autoSave: boolean;
  onOpenSettings: () => void;
}

/** The editor's heading, when it last saved (and where), and the settings button marked while auto-save is on. */
export function EditorHeader({ heading, lastSavedAt, keptOnDevice, autoSave, onOpenSettings }: EditorHeaderProps) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', mb: 2 }}>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2.125rem' } }}>
          {heading}
        </Typography>
        <Typography variant="body2" color="text.secondary" role="status" sx={{ minHeight: '1.5em' }}>
          {lastSavedAt &&
            `${keptOnDevice ? 'Last saved on this device' : 'Last saved'}: ${lightFormat(lastSavedAt, 'HH:mm:ss')}`}
        </Typography>
      </Box>
      <IconButton aria-label="Editor settings" aria-haspopup="dialog" onClick={onOpenSettings}>
        <Badge variant="dot" color="success" invisible={!autoSave} overlap="circular" data-testid="auto-save-indicator">
          <SettingsIcon />
        </Badge>
      </IconButton>
    </Stack>
  );
}
