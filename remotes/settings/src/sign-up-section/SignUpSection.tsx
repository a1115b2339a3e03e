import { adminApi, type AdminApi } from '@memories/web-api-client';
import { SettingsSection } from '../settings-page/components/SettingsSection';
import { InvitesCard } from './components/InvitesCard';
import { SignUpModeCard } from './components/SignUpModeCard';

export interface SignUpSectionProps {
  api?: Pick<AdminApi, 'settings' | 'updateSettings' | 'invites' | 'createInvite' | 'revokeInvite'>;
}

/** /settings/sign-up (admins only): who may create an account, and invite links. */
export function SignUpSection({ api = adminApi }: SignUpSectionProps) {
  return (
    <SettingsSection title="Sign-up" description="Decide who can join this instance.">
      <SignUpModeCard api={api} />
      <InvitesCard api={api} />
    </SettingsSection>
  );
}
