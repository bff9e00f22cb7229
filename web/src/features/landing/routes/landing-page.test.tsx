import { screen, within } from '@testing-library/react';
import { describe, expect, it } from '@jest/globals';
import { stubApi, stubSignedIn } from '../../../test/api-stub';
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

describe('landing page by session', () => {
  it('signed out: Register, Login and Learn More, the three cards and "View Pricing"', async () => {
    stubApi({});
    renderRoute('/');

    const hero = within(screen.getByRole('heading', { level: 1 }).closest('section') as HTMLElement);
    expect(hero.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Register', '/register'],
      ['Login', '/login'],
      ['Learn More', '/learn-more'],
    ]);
    const cards = within(screen.getByRole('region', { name: 'Get started' }));
    expect(cards.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Ready to Start?',
      'Existing User?',
      'Not Convinced Yet?',
    ]);
    expect(cards.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Register Now', '/register'],
      ['Login', '/login'],
      ['Learn More', '/learn-more'],
    ]);
    const banner = within(screen.getByRole('region', { name: 'Annual Subscription' }));
    expect(banner.getByText('$100 per year')).toBeInTheDocument();
    expect(banner.getByRole('link', { name: 'View Pricing' })).toHaveAttribute('href', '/pricing');
  });

  it('signed in: "Go to Dashboard", no cards, and "Subscribe Now" to /checkout', async () => {
    stubSignedIn();
    renderRoute('/');

    expect(await screen.findByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('region', { name: 'Get started' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Register' })).not.toBeInTheDocument();
    const banner = within(screen.getByRole('region', { name: 'Annual Subscription' }));
    expect(banner.getByRole('link', { name: 'Subscribe Now' })).toHaveAttribute('href', '/checkout');
  });
});

describe('learn more', () => {
  it('explains three steps and links to /pricing and /register', () => {
    stubApi({});
    renderRoute('/learn-more');

    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Upload your P&ID',
      'AI analysis and verification',
      'Export your data',
    ]);
    expect(screen.getByRole('link', { name: 'View Pricing' })).toHaveAttribute('href', '/pricing');
    expect(screen.getByRole('link', { name: 'Register Now' })).toHaveAttribute('href', '/register');
  });
});
