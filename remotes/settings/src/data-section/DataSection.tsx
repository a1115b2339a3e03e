import { SettingsSection } from '../settings-page/components/SettingsSection';

/** /settings/data ("Your data"): export the whole journal, import from Memories, Day One or Markdown. */
export function DataSection() {
  return <SettingsSection title="Your data" description="Take your journal with you, or bring one in." />;
}
