import { render, screen } from '@testing-library/react';
import { MemoryPreview } from './MemoryPreview';

describe('MemoryPreview', () => {
  it('renders only what the server sanitiser lets out of the HTML it is given', () => {
    render(
      <MemoryPreview
        title="By the lake"
        date="2026-06-01"
        tags={[]}
        isDraft
        html={
          '<p>We swam</p><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">tap</a><script>alert(2)</script>'
        }
      />,
    );

    const preview = screen.getByRole('article', { name: 'Preview' });
    expect(preview).toHaveTextContent('We swam');
    expect(preview.querySelector('[onerror]')).toBeNull();
    expect(preview.querySelector('script')).toBeNull();
    expect(preview.querySelector('a[href^="javascript"]')).toBeNull();
    expect(preview.querySelector('img')).toBeNull();
  });
});
