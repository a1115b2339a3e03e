import { render } from '@testing-library/react';
import { MemoryHtmlContent } from './MemoryHtmlContent';

describe('MemoryHtmlContent', () => {
  it('renders the memory HTML and marks its small images for the small layout', () => {
    const { container } = render(
      <MemoryHtmlContent html='<p>Hello</p><img src="/a.png" width="120" alt="a"><img src="/b.png" width="640" alt="b">' />,
    );

    expect(container).toHaveTextContent('Hello');
    expect(container.querySelector('img[alt="a"]')).toHaveAttribute('data-image-size', 'small');
    expect(container.querySelector('img[alt="b"]')).not.toHaveAttribute('data-image-size');
  });

  it('marks again when the HTML changes', () => {
    const { container, rerender } = render(<MemoryHtmlContent html='<img src="/a.png" width="640" alt="a">' />);

    rerender(<MemoryHtmlContent html='<img src="/a.png" width="200" alt="a">' />);

    expect(container.querySelector('img[alt="a"]')).toHaveAttribute('data-image-size', 'small');
  });
});
