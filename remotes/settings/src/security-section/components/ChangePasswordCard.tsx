import { AUTH_MESSAGES, validateNewPassword, type ChangePasswordPayload } from '@memories/contracts';
import { authApi, type AuthApi } from '@memories/web-api-client';
import { TextInput, useFormFields, type FieldErrors } from '@memories/web-ui';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState, type FormEvent } from 'react';
import { CardNotice, useCardNotice } from '../../settings-page/components/CardNotice';
import { SettingsCard } from '../../settings-page/components/SettingsSection';

const CURRENT_PASSWORD_MISSING = 'Enter your current password.';
const EMPTY: ChangePasswordPayload = { currentPassword: '', newPassword: '', confirmPassword: '' };

export interface ChangePasswordCardProps {
  api?: Pick<AuthApi, 'changePassword'>;
}

/** Change password: the current one, the new one twice. Other devices are signed out; this one stays. */
export function ChangePasswordCard({ api = authApi }: ChangePasswordCardProps) {
  const { fields, setErrors, field, reset } = useFormFields(EMPTY);
  const [saving, setSaving] = useState(false);
  const { notice, succeeded, failed, clear } = useCardNotice();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors<ChangePasswordPayload> = {
      ...(fields.currentPassword ? {} : { currentPassword: CURRENT_PASSWORD_MISSING }),
      ...validateNewPassword(fields),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    clear();
    try {
      await api.changePassword(fields);
      reset();
      succeeded(AUTH_MESSAGES.passwordChanged);
    } catch (error) {
      failed(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <SettingsCard title="Password">
      <Stack component="form" noValidate spacing={2} onSubmit={(event) => void submit(event)} aria-busy={saving}>
        <TextInput
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          {...field('currentPassword')}
        />
        <TextInput
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          {...field('newPassword')}
        />
        <TextInput
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          required
          {...field('confirmPassword')}
        />
        <CardNotice notice={notice} onClose={clear} />
        <div>
          <Button type="submit" variant="contained" disabled={saving}>
            {saving ? 'Changing...' : 'Change password'}
          </Button>
        </div>
      </Stack>
    </SettingsCard>
  );
}
