import { act, fireEvent, render, screen } from '@testing-library/react';
import { AppThemeProvider } from './AppThemeProvider';
import { DarkModeToggle } from './DarkModeToggle';

const renderToggle = () =>
  render(
    <AppThemeProvider>
      <DarkModeToggle />
    </AppThemeProvider>,
  );

const defaultMatchMedia = window.matchMedia;

/** The screen's colour preference as the browser reports it. */
function preferDark() {
  window.matchMedia = (query: string) => ({
    ...defaultMatchMedia(query),
    matches: query === '(prefers-color-scheme: dark)',
  });
}

describe('theme settings: darkMode and theme (spec section 3)', () => {
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.className = '';
    window.matchMedia = defaultMatchMedia;
  });

  it('follows a light system preference until the user chooses, storing nothing', () => {
    renderToggle();

    expect(screen.getByRole('button', { name: 'Dark mode' })).toHaveAttribute('aria-pressed', 'false');
    expect(document.documentElement).toHaveClass('light');
    expect(localStorage.length).toBe(0);
  });

  it('follows a dark system preference until the user chooses', () => {
    preferDark();

    renderToggle();

    expect(document.documentElement).toHaveClass('dark');
    expect(screen.getByRole('button', { name: 'Dark mode' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('switches the document root to dark and stores the choice as darkMode=true and theme=dark', () => {
    renderToggle();

    fireEvent.click(screen.getByRole('button', { name: 'Dark mode' }));

    expect(document.documentElement).toHaveClass('dark');
    expect(document.documentElement).not.toHaveClass('light');
    expect(localStorage.getItem('darkMode')).toBe('true');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(screen.getByRole('button', { name: 'Dark mode' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('switches back to light and stores darkMode=false and theme=light', () => {
    localStorage.setItem('darkMode', 'true');
    renderToggle();

    fireEvent.click(screen.getByRole('button', { name: 'Dark mode' }));

    expect(document.documentElement).toHaveClass('light');
    expect(localStorage.getItem('darkMode')).toBe('false');
    expect(localStorage.getItem('theme')).toBe('light');
  });

  it('lets a stored choice win over the system preference', () => {
    preferDark();
    localStorage.setItem('darkMode', 'false');

    renderToggle();

    expect(document.documentElement).toHaveClass('light');
  });

  it('reads theme when darkMode is not stored, and darkMode when both are', () => {
    localStorage.setItem('theme', 'dark');
    const { unmount } = renderToggle();
    expect(document.documentElement).toHaveClass('dark');
    unmount();

    localStorage.setItem('darkMode', 'false');
    renderToggle();
    expect(document.documentElement).toHaveClass('light');
  });

  it('follows a choice made in another tab', () => {
    renderToggle();

    act(() => {
      localStorage.setItem('theme', 'dark');
      window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: 'dark' }));
    });

    expect(document.documentElement).toHaveClass('dark');
  });
});
