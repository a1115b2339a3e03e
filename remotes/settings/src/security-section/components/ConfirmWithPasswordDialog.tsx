import { ACCOUNT_SECURITY_MESSAGES } from '@memories/contracts';
import { ConfirmDialog, TextInput } from '@memories/web-ui';
import { useState } from 'react';

export interface ConfirmWithPasswordDialogProps {
  title: string;
  text: string;
  confirmLabel: string;
  /** Ask for the account password and hand it to onConfirm. */
  askPassword?: boolean;
  busy: boolean;
  /** The last attempt's error (e.g. a wrong password), shown under the field. */
  error?: string;
  onConfirm: (password?: string) => void;
  onCancel: () => void;
}

/**
 * The app's one confirm dialog for a change that weakens the account (or cannot be undone), with the password field
 * where the server asks for it again.
 */
export function ConfirmWithPasswordDialog({
  title,
  text,
  confirmLabel,
  askPassword = false,
  busy,
  error,
  onConfirm,
  onCancel,
}: ConfirmWithPasswordDialogProps) {
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);

  const confirm = () => {
    if (askPassword && !password) {
      setMissing(true);
      return;
    }
    onConfirm(askPassword ? password : undefined);
  };

  return (
    <ConfirmDialog
      title={title}
      message={text}
      confirmLabel={confirmLabel}
      destructive
      busy={busy}
      error={askPassword ? undefined : error}
      onConfirm={confirm}
      onCancel={onCancel}
    >
      {askPassword && (
        <TextInput
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          autoFocus
          value={password}
          error={missing ? ACCOUNT_SECURITY_MESSAGES.passwordConfirmationRequired : error}
          onChange={(event) => {
            setPassword(event.target.value);
            setMissing(false);
          }}
        />
      )}
    </ConfirmDialog>
  );
}
