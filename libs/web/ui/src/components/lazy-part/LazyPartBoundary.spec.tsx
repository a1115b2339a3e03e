import { fireEvent, render, screen } from '@testing-library/react';
import { LAZY_PART_FAILED_MESSAGE, LazyPartBoundary, LazyPartFailed } from './LazyPartBoundary';

function LostChunk(): never {
  throw new Error('Loading chunk 4242 failed.');
}

describe('LazyPartBoundary', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('shows its fallback in place of a part that fails, and leaves the rest of the page as it was', () => {
    render(
      <main>
        <p>What I typed</p>
        <LazyPartBoundary fallback={<LazyPartFailed />}>
          <LostChunk />
        </LazyPartBoundary>
      </main>,
    );

    expect(screen.getByRole('alert')).toHaveTextContent(LAZY_PART_FAILED_MESSAGE);
    expect(screen.getByText('What I typed')).toBeInTheDocument();
  });

  it('renders the part itself while it works', () => {
    render(
      <LazyPartBoundary fallback={<LazyPartFailed />}>
        <p>The part</p>
      </LazyPartBoundary>,
    );

    expect(screen.getByText('The part')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says by default that the part could not be loaded, with Retry, and a retry that works shows the part', () => {
    let lost = true;
    function PartOnceTheNetworkIsBack() {
      if (lost) throw new Error('Loading chunk 4242 failed.');
      return <p>The part</p>;
    }
    render(
      <LazyPartBoundary>
        <PartOnceTheNetworkIsBack />
      </LazyPartBoundary>,
    );

    expect(screen.getByRole('alert')).toHaveTextContent(LAZY_PART_FAILED_MESSAGE);
    lost = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByText('The part')).toBeInTheDocument();
  });

  it('says a given message instead of the default one', () => {
    render(<LazyPartFailed message="Contact us is under construction." />);

    expect(screen.getByRole('alert')).toHaveTextContent('Contact us is under construction.');
  });
});
