import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import TextField from '@mui/material/TextField';
import { unlockedJournals } from '@memories/web-crypto';
import { IDLE_LOCK_CHOICES, idleLockMinutes, setIdleLockMinutes, type IdleLockMinutes } from '@memories/web-journals';
import { useSession } from '@memories/web-session';
import { useState, useSyncExternalStore } from 'react';
import { SettingsCard } from '../../settings-page/components/SettingsSection';

const label = (minutes: IdleLockMinutes) =>
  minutes === null
    ? 'Only when I lock them or sign out'
    : minutes === 60
      ? 'After an hour away'
      : `After ${minutes} minutes away`;

/** When this device locks the person's locked journals again, and "Lock now". */
export function LockSettingsCard() {
  const userId = useSession().user?.id ?? '';
  const [minutes, setMinutes] = useState<IdleLockMinutes>(() => idleLockMinutes(userId));
  const { unlocked } = useSyncExternalStore(unlockedJournals.subscribe, unlockedJournals.getSnapshot);
  return (
    <SettingsCard title="Locking">
      <Stack spacing={2}>
        <Typography color="text.secondary">
          An unlocked journal stays open in this tab only, and locks again when you sign out or close the tab. What this
          device does when you are away:
        </Typography>
        <TextField
          select
          fullWidth
          label="Lock locked journals"
          value={minutes === null ? 'never' : String(minutes)}
          onChange={(event) => {
            const chosen = event.target.value === 'never' ? null : (Number(event.target.value) as IdleLockMinutes);
            setMinutes(chosen);
            setIdleLockMinutes(userId, chosen);
          }}
        >
          {IDLE_LOCK_CHOICES.map((choice) => (
            <MenuItem key={String(choice)} value={choice === null ? 'never' : String(choice)}>
              {label(choice)}
            </MenuItem>
          ))}
        </TextField>
        <div>
          <Button variant="outlined" disabled={unlocked.size === 0} onClick={() => unlockedJournals.lockAll('asked')}>
            Lock now
          </Button>
        </div>
      </Stack>
    </SettingsCard>
  );
}
