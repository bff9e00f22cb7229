import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../test/render-route';

describe('landing page', () => {
  it('shows the product name, tagline and the four steps in order', () => {
    renderRoute('/');

    expect(screen.getByRole('heading', { level: 1, name: 'P&ID Digitizer' })).toBeInTheDocument();
    expect(screen.getByText('Turn P&ID drawings into data you can trust')).toBeInTheDocument();
    const stepTitles = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(stepTitles).toEqual(['Upload', 'AI Processing', 'Verify', 'Export']);
  });

  it('has a top bar whose product name links home, and a footer with the current year', () => {
    renderRoute('/');

    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'P&ID Digitizer' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('contentinfo')).toHaveTextContent(
      `© ${new Date().getFullYear()} P&ID Digitizer — Web tool for extracting and validating data from piping and instrumentation diagrams`,
    );
  });
});
