import type { ComponentType } from 'react';
import { AccountSection } from '../account-section/AccountSection';
import { DataSection } from '../data-section/DataSection';
import { DeveloperSection } from '../developer-section/DeveloperSection';
import { SecuritySection } from '../security-section/SecuritySection';
import { SessionsSection } from '../sessions-section/SessionsSection';

export interface SettingsSectionRoute {
  /** The path under /settings. */
  path: string;
  label: string;
  Component: ComponentType;
}

/** The sections of /settings, in the order the navigation lists them; the first is where /settings opens. */
export const SETTINGS_SECTIONS: readonly SettingsSectionRoute[] = [
  { path: 'account', label: 'Account', Component: AccountSection },
  { path: 'security', label: 'Security', Component: SecuritySection },
  { path: 'sessions', label: 'Sessions', Component: SessionsSection },
  { path: 'data', label: 'Your data', Component: DataSection },
  { path: 'developer', label: 'Developer', Component: DeveloperSection },
];
