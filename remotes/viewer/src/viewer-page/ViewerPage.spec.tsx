import { render, screen } from '@testing-library/react';
import { ViewerPage } from './ViewerPage';

describe('ViewerPage', () => {
  it('is titled "Memory"', () => {
    render(<ViewerPage />);

    expect(screen.getByRole('heading', { level: 1, name: 'Memory' })).toBeInTheDocument();
    expect(screen.getByTestId('remote-viewer')).toBeInTheDocument();
  });
});
