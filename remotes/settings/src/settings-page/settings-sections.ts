import { lazyPart } from '@memories/web-ui';
import type { ComponentType } from 'react';
import { AccountSection } from '../account-section/AccountSection';
import { DataSection } from '../data-section/DataSection';
import { DeveloperSection } from '../developer-section/DeveloperSection';
import { JournalsSection } from '../journals-section/JournalsSection';
import { PromptsSection } from '../prompts-section/PromptsSection';
import { RemindersSection } from '../reminders-section/RemindersSection';
import { SecuritySection } from '../security-section/SecuritySection';
import { SessionsSection } from '../sessions-section/SessionsSection';

export interface SettingsSectionRoute {
  /** The path under /settings. */
  path: string;
  label: string;
  Component: ComponentType;
  /** Shown to admins only (their code is fetched only when an admin opens them); the gateway refuses the rest. */
  adminOnly?: true;
}

const UsersSection = lazyPart(() => import('../users-section/UsersSection').then((module) => module.UsersSection));
const SignUpSection = lazyPart(() => import('../sign-up-section/SignUpSection').then((module) => module.SignUpSection));

/** The sections of /settings, in the order the navigation lists them; the first is where /settings opens. */
export const SETTINGS_SECTIONS: readonly SettingsSectionRoute[] = [
  { path: 'account', label: 'Account', Component: AccountSection },
  { path: 'journals', label: 'Journals', Component: JournalsSection },
  { path: 'security', label: 'Security', Component: SecuritySection },
  { path: 'sessions', label: 'Sessions', Component: SessionsSection },
  { path: 'reminders', label: 'Reminders', Component: RemindersSection },
  { path: 'prompts', label: 'Prompts & template', Component: PromptsSection },
  { path: 'data', label: 'Your data', Component: DataSection },
  { path: 'developer', label: 'Developer', Component: DeveloperSection },
  { path: 'users', label: 'Users', Component: UsersSection, adminOnly: true },
  { path: 'sign-up', label: 'Sign-up', Component: SignUpSection, adminOnly: true },
];
