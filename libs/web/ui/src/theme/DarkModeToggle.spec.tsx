import { fireEvent, render, screen } from '@testing-library/react';
import { AppThemeProvider } from './AppThemeProvider';
import { DarkModeToggle } from './DarkModeToggle';

const renderToggle = () =>
  render(
    <AppThemeProvider>
      <DarkModeToggle />
    </AppThemeProvider>,
  );

describe('dark mode', () => {
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.className = '';
  });

  it('starts light and marks the document root with the light class', () => {
    renderToggle();

    expect(screen.getByRole('button', { name: 'Dark mode' })).toHaveAttribute('aria-pressed', 'false');
    expect(document.documentElement).toHaveClass('light');
  });

  it('switches the document root to dark and remembers it as darkMode=true', () => {
    renderToggle();

    fireEvent.click(screen.getByRole('button', { name: 'Dark mode' }));

    expect(document.documentElement).toHaveClass('dark');
    expect(document.documentElement).not.toHaveClass('light');
    expect(localStorage.getItem('darkMode')).toBe('true');
    expect(screen.getByRole('button', { name: 'Dark mode' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('restores the remembered setting on the next visit', () => {
    localStorage.setItem('darkMode', 'true');

    renderToggle();

    expect(document.documentElement).toHaveClass('dark');
  });

  it('switches back to light and stores darkMode=false', () => {
    localStorage.setItem('darkMode', 'true');
    renderToggle();

    fireEvent.click(screen.getByRole('button', { name: 'Dark mode' }));

    expect(document.documentElement).toHaveClass('light');
    expect(localStorage.getItem('darkMode')).toBe('false');
  });
});
