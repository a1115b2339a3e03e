import { ADMIN_MESSAGES, type AuthUser, type SignupMode } from '@memories/contracts';
import { SessionProvider } from '@memories/web-session';
import { settledSessionStore } from '@memories/web-session/testing';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { LandingPage } from './LandingPage';

const ada: AuthUser = {
  id: 'u1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phoneNumber: null,
  profileImageUrl: null,
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  role: 'member',
};

/** A store that is already settled in one state; the page only reads it. */
const settledStore = (signedIn: boolean) => settledSessionStore(signedIn ? ada : null);

/**
 * Renders the page and waits for its lazily loaded contact form (at once in jsdom, which has no IntersectionObserver).
 */
async function renderAt(
  entry: { pathname: string; state?: unknown },
  signedIn = false,
  signupMode: SignupMode = 'open',
): Promise<HTMLElement> {
  const api = { signUpState: async () => ({ signupMode }) };
  const router = createMemoryRouter([{ path: '/', element: <LandingPage api={api} /> }], { initialEntries: [entry] });
  const wrap = (node: ReactNode) => <SessionProvider store={settledStore(signedIn)}>{node}</SessionProvider>;
  render(wrap(<RouterProvider router={router} />));
  return screen.findByRole('form', { name: 'Contact form' }, { timeout: 15_000 });
}

describe('LandingPage', () => {
  beforeEach(() => {
    Element.prototype.scrollIntoView = jest.fn();
  });

  it('shows the public brand line and the four sections', async () => {
    await renderAt({ pathname: '/' });

    expect(screen.getByRole('heading', { level: 1, name: 'Capture Moments' })).toBeInTheDocument();
    for (const id of ['home', 'features', 'about', 'contact']) expect(document.getElementById(id)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
  }, 30_000);

  it.each([
    ['invite', ADMIN_MESSAGES.signupByInvite],
    ['closed', ADMIN_MESSAGES.signupClosed],
  ] as const)(
    'offers Log in instead of Get Started where sign-up needs an invite (%s), and says so',
    async (mode, text) => {
      await renderAt({ pathname: '/' }, false, mode);

      expect(await screen.findByTestId('sign-up-by-invite')).toHaveTextContent(text);
      expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
      expect(screen.queryByRole('link', { name: 'Get Started' })).not.toBeInTheDocument();
    },
    30_000,
  );

  it('greets a signed-in user with "Your Memories"', async () => {
    await renderAt({ pathname: '/' }, true);

    expect(screen.getByRole('heading', { level: 1, name: 'Your Memories' })).toBeInTheDocument();
  }, 30_000);

  it('states who can see a memory and lists the planned features', async () => {
    await renderAt({ pathname: '/' });

    expect(
      within(document.getElementById('about') as HTMLElement).getByText(
        /private and accessible only to you, plus any users you/,
      ),
    ).toBeInTheDocument();
    const planned = screen.getByRole('list', { name: 'Coming soon' });
    expect(
      within(planned)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Shared albums',
      'Smart reminders',
      'An AI assistant',
      'Native mobile apps',
      'Advanced search',
      'A timeline',
    ]);
  }, 30_000);

  it('shows the business hours of the spec in the contact section', async () => {
    await renderAt({ pathname: '/' });

    expect(
      screen.getByText('Mon-Fri 9:00 AM to 6:00 PM EST, Sat 10:00 AM to 4:00 PM EST, Sun closed'),
    ).toBeInTheDocument();
  }, 30_000);

  it('scrolls to the about section on "Learn more"', async () => {
    await renderAt({ pathname: '/' });

    fireEvent.click(screen.getByRole('button', { name: 'Learn more' }));

    expect(jest.mocked(Element.prototype.scrollIntoView).mock.contexts[0]).toBe(document.getElementById('about'));
  }, 30_000);

  it('scrolls to the section the shell asked for', async () => {
    await renderAt({ pathname: '/', state: { scrollTo: 'about' } });

    expect(Element.prototype.scrollIntoView).toHaveBeenCalledTimes(1);
    expect(jest.mocked(Element.prototype.scrollIntoView).mock.contexts[0]).toBe(document.getElementById('about'));
  }, 30_000);

  it('ignores a scroll target that is not one of its sections', async () => {
    await renderAt({ pathname: '/', state: { scrollTo: 'pricing' } });

    expect(Element.prototype.scrollIntoView).not.toHaveBeenCalled();
  }, 30_000);

  it('requires every contact field and shows the under-construction notice instead of sending', async () => {
    const form = await renderAt({ pathname: '/' });

    fireEvent.click(within(form).getByRole('button', { name: 'Send Message' }));
    for (const label of ['Name', 'Email', 'Subject', 'Message'])
      expect(within(form).getByText(`${label} is required`)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    fireEvent.change(within(form).getByRole('textbox', { name: 'Name' }), { target: { value: 'Ada' } });
    expect(within(form).queryByText('Name is required')).not.toBeInTheDocument();
    fireEvent.change(within(form).getByRole('textbox', { name: 'Email' }), { target: { value: 'ada@example.com' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Subject' }), { target: { value: 'Hello' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Message' }), { target: { value: 'A question' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send Message' }));

    const dialog = await screen.findByRole('dialog', { name: 'Under Construction' }, { timeout: 15_000 });
    expect(within(dialog).getByText(/Contact functionality is currently under development/)).toBeInTheDocument();
  }, 30_000);
});
