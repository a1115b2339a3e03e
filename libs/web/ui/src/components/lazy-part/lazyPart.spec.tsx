import { fireEvent, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { LAZY_PART_FAILED_MESSAGE, LazyPartBoundary, LazyPartFailed } from './LazyPartBoundary';
import { lazyPart } from './lazyPart';

function ThePart({ label }: { label: string }) {
  return <p>{label}</p>;
}

const lostChunk = () => new Error('Loading chunk 4242 failed.');

function renderPart(Part: ComponentType<{ label: string }>, retryKey?: unknown) {
  return (
    <LazyPartBoundary fallback={(retry) => <LazyPartFailed onRetry={retry} />} retryKey={retryKey}>
      <Part label="The part" />
    </LazyPartBoundary>
  );
}

describe('lazyPart', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('fetches the code again when the failed part is retried, and then shows it', async () => {
    const load = jest.fn<Promise<typeof ThePart>, []>().mockRejectedValueOnce(lostChunk()).mockResolvedValue(ThePart);
    const Part = lazyPart(load);
    render(renderPart(Part));

    expect(await screen.findByRole('alert')).toHaveTextContent(LAZY_PART_FAILED_MESSAGE);
    // Not fetched again by itself (a page offline would ask the server in a loop).
    expect(load).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('The part')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('tries again when the boundary is asked for the part again (its retryKey changes)', async () => {
    const load = jest.fn<Promise<typeof ThePart>, []>().mockRejectedValueOnce(lostChunk()).mockResolvedValue(ThePart);
    const Part = lazyPart(load);
    const { rerender } = render(renderPart(Part, 'first image'));
    await screen.findByRole('alert');

    rerender(renderPart(Part, 'second image'));

    expect(await screen.findByText('The part')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('fetches code that loaded only once, however often the part is shown', async () => {
    const load = jest.fn<Promise<typeof ThePart>, []>().mockResolvedValue(ThePart);
    const Part = lazyPart(load);
    const first = render(renderPart(Part));
    await screen.findByText('The part');
    first.unmount();

    render(renderPart(Part));

    expect(await screen.findByText('The part')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('fetches the code ahead when preloaded, and a failed preload does not fail the part', async () => {
    const load = jest.fn<Promise<typeof ThePart>, []>().mockRejectedValueOnce(lostChunk()).mockResolvedValue(ThePart);
    const Part = lazyPart(load);

    Part.preload();
    expect(load).toHaveBeenCalledTimes(1);
    render(renderPart(Part));

    expect(await screen.findByText('The part')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('LazyPartFailed', () => {
  it('offers Retry only when it is given a way to retry', () => {
    const retry = jest.fn();
    const { rerender } = render(<LazyPartFailed />);
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();

    rerender(<LazyPartFailed onRetry={retry} />);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(retry).toHaveBeenCalledTimes(1);
  });
});
