import type { AccountSession } from '@memories/contracts';
import { accountSecurityApi, type AccountSecurityApi } from '@memories/web-api-client';
import { LoadingIndicator, unavailableButton } from '@memories/web-ui';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { useCallback, useEffect, useState } from 'react';
import { CardNotice, useCardNotice } from '../settings-page/components/CardNotice';
import { SettingsCard, SettingsSection } from '../settings-page/components/SettingsSection';
import { formatDateTime } from '../settings-page/utils/format-date-time';

export interface SessionsSectionProps {
  api?: Pick<AccountSecurityApi, 'listSessions' | 'revokeSession' | 'revokeOtherSessions'>;
}

/** /settings/sessions: the devices signed in to this account; sign out one, or every other one. */
export function SessionsSection({ api = accountSecurityApi }: SessionsSectionProps) {
  const [sessions, setSessions] = useState<AccountSession[] | null>(null);
  const [busy, setBusy] = useState(false);
  const { notice, succeeded, failed, clear } = useCardNotice();

  const load = useCallback(() => api.listSessions().then(setSessions, failed), [api, failed]);
  useEffect(() => void load(), [load]);

  const act = async (action: () => Promise<{ message?: string }>) => {
    setBusy(true);
    clear();
    try {
      const { message } = await action();
      if (message) succeeded(message);
      await load();
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  const others = sessions?.filter((session) => !session.current) ?? [];
  return (
    <SettingsSection title="Sessions" description="The devices where you are signed in.">
      <SettingsCard title="Signed-in devices">
        <Stack spacing={2}>
          {sessions === null && !notice && <LoadingIndicator label="Loading your devices..." />}
          {sessions && (
            <List aria-label="Signed-in devices" disablePadding data-testid="session-list">
              {sessions.map((session) => (
                <ListItem
                  key={session.id}
                  divider
                  disableGutters
                  data-testid="session"
                  secondaryAction={
                    session.current ? (
                      <Chip label="This device" color="primary" size="small" />
                    ) : (
                      <Button
                        color="error"
                        {...unavailableButton(busy, () => void act(() => api.revokeSession(session.id)))}
                        aria-label={`Sign out ${session.browser}, signed in ${formatDateTime(session.createdAt)}`}
                      >
                        Sign out
                      </Button>
                    )
                  }
                >
                  <ListItemText
                    primary={session.browser}
                    secondary={`Signed in ${formatDateTime(session.createdAt)} · Last used ${formatDateTime(session.lastUsedAt)}`}
                    sx={{ pr: 12 }}
                  />
                </ListItem>
              ))}
            </List>
          )}
          <div>
            <Button
              variant="outlined"
              color="error"
              {...unavailableButton(busy || others.length === 0, () => void act(() => api.revokeOtherSessions()))}
            >
              Sign out of all other devices
            </Button>
          </div>
          <CardNotice notice={notice} onClose={clear} />
        </Stack>
      </SettingsCard>
    </SettingsSection>
  );
}
