import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from '@jest/globals';
import { stubApi, stubSignedIn } from '../../test/api-stub';
import { renderRoute } from '../../test/render-route';
import { avatarLetter } from './user-menu';

async function openHamburger() {
  const user = userEvent.setup();
  await user.click(await within(screen.getByRole('banner')).findByRole('button', { name: 'Open navigation menu' }));
  return screen.findByRole('menu');
}

describe('top bar (spec §2)', () => {
  it('signed out: Login, Register, Pricing, Learn More, also in the hamburger menu', async () => {
    stubApi({});
    renderRoute('/404');

    const nav = within(screen.getByRole('navigation', { name: 'Main', hidden: true }));
    expect(nav.getAllByRole('link', { hidden: true }).map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Login', '/login'],
      ['Register', '/register'],
      ['Pricing', '/pricing'],
      ['Learn More', '/learn-more'],
    ]);
    const menu = within(await openHamburger());
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Login', 'Register', 'Pricing', 'Learn More']);
  });

  it('signed in: Drawings and Upload, and the hamburger adds Profile', async () => {
    stubSignedIn();
    renderRoute('/404');

    await within(screen.getByRole('banner')).findByRole('button', { name: 'Open settings' });
    const nav = within(screen.getByRole('navigation', { name: 'Main', hidden: true }));
    expect(nav.getAllByRole('link', { hidden: true }).map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Drawings', '/dashboard'],
      ['Upload', '/upload'],
    ]);
    const menu = within(await openHamburger());
    expect(menu.getAllByRole('menuitem').map((item) => [item.textContent, item.getAttribute('href')])).toEqual([
      ['Drawings', '/dashboard'],
      ['Upload', '/upload'],
      ['Profile', '/profile'],
    ]);
  });

  it('shows the tooltip "Open settings" on the avatar', async () => {
    stubSignedIn();
    const user = userEvent.setup();
    renderRoute('/404');

    await user.hover(await within(screen.getByRole('banner')).findByRole('button', { name: 'Open settings' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Open settings');
  });

  it('takes the avatar letter from the username', () => {
    expect(avatarLetter('jane')).toBe('J');
    expect(avatarLetter('  émile')).toBe('É');
    expect(avatarLetter('')).toBeNull();
    expect(avatarLetter(undefined)).toBeNull();
  });
});
