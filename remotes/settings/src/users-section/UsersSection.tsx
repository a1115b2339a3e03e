import type { AdminUser, AdminUserUpdate } from '@memories/contracts';
import { adminApi, type AdminApi } from '@memories/web-api-client';
import { useSession } from '@memories/web-session';
import { ConfirmDialog, LoadingIndicator, TextInput } from '@memories/web-ui';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { CardNotice, useCardNotice } from '../settings-page/components/CardNotice';
import { SettingsCard, SettingsSection } from '../settings-page/components/SettingsSection';
import { UserCard } from './components/UserCard';
import { useAccountsPage } from './hooks/useAccountsPage';

export interface UsersSectionProps {
  api?: Pick<AdminApi, 'users' | 'updateUser'>;
}

/**
 * /settings/users (admins only): every account of the instance, searched by name or e-mail; role, storage quota,
 * confirming an address, and disabling (which signs the account out everywhere at once) or enabling it again.
 */
export function UsersSection({ api = adminApi }: UsersSectionProps) {
  const { user: me } = useSession();
  const accounts = useAccountsPage(api);
  const [busy, setBusy] = useState<string | null>(null);
  const [toggling, setToggling] = useState<AdminUser | null>(null);
  const { notice, succeeded, failed, clear } = useCardNotice();

  const change = async (user: AdminUser, changes: AdminUserUpdate) => {
    setBusy(user.id);
    clear();
    try {
      const { data, message } = await api.updateUser(user.id, changes);
      accounts.replace(data);
      if (message) succeeded(message);
    } catch (error) {
      failed(error);
    } finally {
      setBusy(null);
      setToggling(null);
    }
  };

  const { users, pagination, page } = accounts;
  return (
    <SettingsSection title="Users" description="Everyone with an account on this instance.">
      <SettingsCard title="Accounts">
        <Stack spacing={2}>
          <TextInput
            label="Search by name or e-mail"
            type="search"
            value={accounts.search}
            onChange={(event) => accounts.setSearch(event.target.value)}
          />
          <CardNotice notice={notice} onClose={clear} />
          {accounts.failure && <Typography color="error">{accounts.failure}</Typography>}
          {users === null && !accounts.failure && <LoadingIndicator label="Loading the accounts..." />}
          {users?.length === 0 && <Typography color="text.secondary">No account matches.</Typography>}
          {users && users.length > 0 && (
            <Stack component="ul" spacing={1.5} aria-label="Accounts" sx={{ m: 0, p: 0 }} data-testid="admin-users">
              {users.map((user) => (
                <UserCard
                  key={user.id}
                  user={user}
                  isYou={user.id === me?.id}
                  busy={busy === user.id}
                  onChange={(changes) => void change(user, changes)}
                  onToggleDisabled={() => setToggling(user)}
                />
              ))}
            </Stack>
          )}
          {pagination && pagination.totalPages > 1 && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Button disabled={!pagination.hasPrevious} onClick={() => accounts.setPage(page - 1)}>
                Previous
              </Button>
              <Typography>{`Page ${page + 1} of ${pagination.totalPages}`}</Typography>
              <Button disabled={!pagination.hasNext} onClick={() => accounts.setPage(page + 1)}>
                Next
              </Button>
            </Stack>
          )}
        </Stack>
      </SettingsCard>
      {toggling && (
        <ConfirmDialog
          title={toggling.disabled ? `Enable ${toggling.name}?` : `Disable ${toggling.name}?`}
          message={
            toggling.disabled
              ? `${toggling.email} will be able to sign in again.`
              : `${toggling.email} is signed out on every device at once and cannot sign in until enabled again. Nothing they wrote is deleted.`
          }
          confirmLabel={toggling.disabled ? 'Enable' : 'Disable'}
          destructive={!toggling.disabled}
          busy={busy === toggling.id}
          onCancel={() => setToggling(null)}
          onConfirm={() => void change(toggling, { disabled: !toggling.disabled })}
        />
      )}
    </SettingsSection>
  );
}
