// Shared setup for every web project's Jest run: jest-dom matchers (toBeInTheDocument, toHaveAttribute, ...).
require('@testing-library/jest-dom');
