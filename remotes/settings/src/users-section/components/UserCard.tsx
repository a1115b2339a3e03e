import type { AdminUser, AdminUserUpdate, UserRole } from '@memories/contracts';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { storageSummary } from '../../data-section/utils/storage-summary';
import { countOf } from '../../settings-page/utils/count-of';
import { formatDateTime } from '../../settings-page/utils/format-date-time';
import { QuotaEditor } from './QuotaEditor';
import { unavailableButton } from '@memories/web-ui';

export interface UserCardProps {
  user: AdminUser;
  /** The signed-in admin's own account. */
  isYou: boolean;
  busy: boolean;
  onChange: (changes: AdminUserUpdate) => void;
  /** Disabling and enabling are asked first. */
  onToggleDisabled: () => void;
}

/** One account of the users table: who, how active, how much it keeps, and what an admin can change. */
export function UserCard({ user, isYou, busy, onChange, onToggleDisabled }: UserCardProps) {
  const lastActive = user.lastActiveAt ? `last active ${formatDateTime(user.lastActiveAt)}` : 'never signed in';
  return (
    <Paper component="li" variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, listStyle: 'none' }} data-testid="admin-user">
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <Typography component="h4" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {user.name}
            {isYou && ' (you)'}
          </Typography>
          {user.role === 'admin' && <Chip size="small" color="primary" label="Admin" />}
          {user.disabled && <Chip size="small" color="error" label="Disabled" />}
          {!user.emailVerified && <Chip size="small" variant="outlined" label="Address not confirmed" />}
        </Stack>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {user.email}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {`Joined ${formatDateTime(user.createdAt)}, ${lastActive} · ${countOf(user.memoryCount, 'memory', 'memories')} · ${storageSummary(user)}`}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            select
            size="small"
            label="Role"
            value={user.role}
            // Not disabled while a change is saved (that took focus off the field just used).
            onChange={(event) => (busy ? undefined : onChange({ role: event.target.value as UserRole }))}
            sx={{ width: 140 }}
          >
            <MenuItem value="member">Member</MenuItem>
            <MenuItem value="admin">Admin</MenuItem>
          </TextField>
          <QuotaEditor
            name={user.name}
            quotaMb={user.storageQuotaMb}
            disabled={busy}
            onSave={(storageQuotaMb) => onChange({ storageQuotaMb })}
          />
        </Stack>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          {!user.emailVerified && (
            <Button
              variant="outlined"
              size="small"
              {...unavailableButton(busy, () => onChange({ emailVerified: true }))}
            >
              Mark address confirmed
            </Button>
          )}
          <Button
            variant="outlined"
            size="small"
            color={user.disabled ? 'primary' : 'error'}
            {...unavailableButton(busy, onToggleDisabled)}
            aria-label={`${user.disabled ? 'Enable' : 'Disable'} ${user.name}`}
          >
            {user.disabled ? 'Enable' : 'Disable'}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
