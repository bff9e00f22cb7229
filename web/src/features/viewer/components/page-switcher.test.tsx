import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, jest } from '@jest/globals';
import { PageSwitcher } from './page-switcher';

describe('PageSwitcher', () => {
  it('says which page is shown and asks for the page clicked, the next and the previous', async () => {
    const onPage = jest.fn();
    render(<PageSwitcher page={2} pageCount={3} onPage={onPage} />);
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'page 2' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Go to page 3' }));
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Go to previous page' }));
    expect(onPage.mock.calls).toEqual([[3], [3], [1]]);
  });
});
