import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, jest } from '@jest/globals';
import { MemoryRouter } from 'react-router-dom';
import { NavigationNotice } from './navigation-notice';

function renderNotice(state: unknown) {
  return render(
    <MemoryRouter initialEntries={[{ pathname: '/dashboard', state }]}>
      <NavigationNotice />
    </MemoryRouter>,
  );
}

describe('navigation notice (spec §9: 6000 ms)', () => {
  it('shows the message as an info toast and hides it after 6 s', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    renderNotice({ message: 'You already have an active subscription.' });

    const toast = screen.getByRole('alert');
    expect(toast).toHaveTextContent('You already have an active subscription.');
    expect(toast).toHaveClass('MuiAlert-filledInfo');

    act(() => void jest.advanceTimersByTime(5990));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => void jest.advanceTimersByTime(20));
    act(() => void jest.advanceTimersByTime(1000));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('can be closed at once', async () => {
    renderNotice({ message: 'Subscription required to access this feature' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it.each([[undefined], [null], [{}], [{ message: 42 }]])('shows nothing for state %o', (state) => {
    renderNotice(state);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
