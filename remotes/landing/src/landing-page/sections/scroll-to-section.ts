import type { LandingSection } from '@memories/web-ui';

/** Smoothly brings one of the landing sections into view (used by "Learn more" and the shell's section links). */
export function scrollToSection(section: LandingSection): void {
  document.getElementById(section)?.scrollIntoView({ behavior: 'smooth' });
}
