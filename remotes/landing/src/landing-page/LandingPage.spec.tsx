import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { LandingPage } from './LandingPage';

function renderAt(entry: { pathname: string; state?: unknown }) {
  const router = createMemoryRouter([{ path: '/', element: <LandingPage /> }], { initialEntries: [entry] });
  render(<RouterProvider router={router} />);
}

describe('LandingPage', () => {
  beforeEach(() => {
    Element.prototype.scrollIntoView = jest.fn();
  });

  it('shows the brand line and the four sections', () => {
    renderAt({ pathname: '/' });

    expect(screen.getByRole('heading', { level: 1, name: 'Capture Moments' })).toBeInTheDocument();
    for (const id of ['home', 'features', 'about', 'contact']) expect(document.getElementById(id)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
  });

  it('scrolls to the section the shell asked for', () => {
    renderAt({ pathname: '/', state: { scrollTo: 'about' } });

    expect(Element.prototype.scrollIntoView).toHaveBeenCalledTimes(1);
    expect(jest.mocked(Element.prototype.scrollIntoView).mock.contexts[0]).toBe(document.getElementById('about'));
  });

  it('ignores a scroll target that is not one of its sections', () => {
    renderAt({ pathname: '/', state: { scrollTo: 'pricing' } });

    expect(Element.prototype.scrollIntoView).not.toHaveBeenCalled();
  });
});
