import { SettingsSection } from '../settings-page/components/SettingsSection';
import { AccessTokensCard } from './components/AccessTokensCard';
import { WebhooksCard } from './components/WebhooksCard';

/** /settings/developer: personal access tokens for scripts, and webhooks for other apps. */
export function DeveloperSection() {
  return (
    <SettingsSection title="Developer" description="Let scripts and other apps work with your journal.">
      <AccessTokensCard />
      <WebhooksCard />
    </SettingsSection>
  );
}
