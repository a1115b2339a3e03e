/** Section ids of the landing page, in page order (spec section 2). */
export const LANDING_SECTIONS = ['home', 'features', 'about', 'contact'] as const;

export type LandingSection = (typeof LANDING_SECTIONS)[number];

/**
 * Navigation state the shell passes when a top-bar link targets a landing section from another path; the landing
 * page scrolls to `scrollTo` once it renders.
 */
export interface LandingNavigationState {
  scrollTo?: LandingSection;
}
