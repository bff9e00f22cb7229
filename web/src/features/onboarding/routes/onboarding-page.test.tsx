import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from '@jest/globals';
import { stubSignedIn } from '../../../test/api-stub';
import { renderRoute } from '../../../test/render-route';

function renderOnboarding() {
  stubSignedIn({ hasActiveSubscription: true });
  return renderRoute('/onboarding');
}

const path = () => screen.getByTestId('current-path');

/** The step that closes keeps its buttons until its collapse transition ends: wait for the open step's. */
async function theButton(name: string) {
  await waitFor(() => expect(screen.getAllByRole('button', { name })).toHaveLength(1));
  return screen.getByRole('button', { name });
}

describe('onboarding (spec §2)', () => {
  it('is a vertical stepper of five steps, described as about 2 minutes', async () => {
    renderOnboarding();

    expect(await screen.findByText(/about 2 minutes/)).toBeInTheDocument();
    const labels = Array.from(document.querySelectorAll('.MuiStepLabel-label')).map((label) => label.textContent);
    expect(labels).toEqual(['Welcome', 'Upload', 'View Analysis Results', 'Edit and Customize', 'All Set']);
    expect(document.querySelector('.MuiStepper-vertical')).not.toBeNull();
  });

  it('walks forward with Next and back with Back, ending on "Go to Dashboard"', async () => {
    renderOnboarding();
    const user = userEvent.setup();

    expect(await screen.findByRole('button', { name: 'Back' })).toBeDisabled();
    for (let step = 0; step < 4; step += 1) await user.click(await theButton('Next'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument());
    expect(screen.getByText(/Export your verified data/)).toBeVisible();

    await user.click(await theButton('Back'));
    await user.click(await theButton('Next'));

    await user.click(await theButton('Go to Dashboard'));
    await waitFor(() => expect(path()).toHaveTextContent(/^\/dashboard$/));
  });

  it.each(['Skip tour', 'Close tour'])('"%s" goes to /dashboard', async (name) => {
    renderOnboarding();
    await userEvent.setup().click(await screen.findByRole('button', { name }));
    await waitFor(() => expect(path()).toHaveTextContent(/^\/dashboard$/));
  });
});
