import { SettingsSection } from '../settings-page/components/SettingsSection';
import { ChangePasswordCard } from './components/ChangePasswordCard';
import { EmailVerificationCard } from './components/EmailVerificationCard';
import { LinkedSignInCard } from './components/LinkedSignInCard';
import { PasskeysCard } from './components/PasskeysCard';
import { TwoFactorCard } from './components/TwoFactorCard';

/** /settings/security: password, two-factor sign-in, passkeys and the linked single sign-on. */
export function SecuritySection() {
  return (
    <SettingsSection title="Security" description="Your password and how you sign in.">
      <ChangePasswordCard />
      <TwoFactorCard />
      <PasskeysCard />
      <LinkedSignInCard />
      <EmailVerificationCard />
    </SettingsSection>
  );
}
