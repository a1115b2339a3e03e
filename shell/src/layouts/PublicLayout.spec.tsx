import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderRoutes } from '../testing/render-routes';
import { sessionStoreAfterRefresh } from '../testing/session-stores';
import { PublicLayout } from './PublicLayout';

function Landing() {
  return (
    <>
      {['home', 'features', 'about', 'contact'].map((id) => (
        <section key={id} id={id}>
          <h2>{id}</h2>
        </section>
      ))}
    </>
  );
}

const routes = [
  {
    element: <PublicLayout />,
    children: [
      { path: '/', element: <Landing /> },
      { path: '/login', element: <h1>Log In</h1> },
      { path: '/register', element: <h1>Create Account</h1> },
    ],
  },
];

const renderAt = (path: string) => renderRoutes(routes, sessionStoreAfterRefresh('signed-out'), [path]);
const topBar = () => screen.getAllByRole('navigation', { name: 'Main' })[0];

describe('PublicLayout', () => {
  beforeEach(() => {
    Element.prototype.scrollIntoView = jest.fn();
  });

  it('has Home, Features, About, Contact, the dark-mode toggle, Log In and Get Started', async () => {
    renderAt('/');

    await screen.findByRole('heading', { name: 'home' });
    for (const name of ['Home', 'Features', 'About', 'Contact'])
      expect(within(topBar()).getByRole('button', { name })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dark mode' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
  });

  it.each([
    ['Home', 'home'],
    ['Features', 'features'],
    ['About', 'about'],
  ])('on the landing page, %s scrolls smoothly to its section', async (label, section) => {
    renderAt('/');
    await screen.findByRole('heading', { name: 'home' });

    fireEvent.click(within(topBar()).getByRole('button', { name: label }));

    expect(Element.prototype.scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth' });
    expect(jest.mocked(Element.prototype.scrollIntoView).mock.contexts[0]).toBe(document.getElementById(section));
  });

  it('on another page, goes to / and names the section in navigation state', async () => {
    const router = renderAt('/login');
    await screen.findByRole('heading', { name: 'Log In' });

    fireEvent.click(within(topBar()).getByRole('button', { name: 'Features' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.state).toEqual({ scrollTo: 'features' });
  });

  it('opens the Contact notice with the spec texts and closes it with "Got it"', async () => {
    renderAt('/');
    await screen.findByRole('heading', { name: 'home' });

    fireEvent.click(within(topBar()).getByRole('button', { name: 'Contact' }));

    const dialog = await screen.findByRole('dialog', { name: 'Under Construction' });
    expect(dialog).toHaveTextContent(
      'Contact functionality is currently under development. Site admin is working hard to bring you this feature soon!',
    );
    expect(dialog).toHaveTextContent('Expected completion: Coming Soon');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('folds the links into a menu on small screens that opens, closes with Escape and after a choice', async () => {
    const router = renderAt('/');
    await screen.findByRole('heading', { name: 'home' });
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;
    for (const name of ['Home', 'Features', 'About', 'Contact'])
      expect(within(menu).getByRole('button', { name })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');

    fireEvent.keyDown(within(menu).getByRole('button', { name: 'About' }), { key: 'Escape' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();

    fireEvent.click(toggle);
    await act(async () =>
      fireEvent.click(
        within(document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement).getByRole('link', {
          name: 'Log In',
        }),
      ),
    );
    expect(router.state.location.pathname).toBe('/login');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
