import type { Drawing } from '@pid/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from '@jest/globals';
import { activeStatus, recordBodies, stubApi, stubSignedIn } from '../../../test/api-stub';
import { makeDrawing } from '../../../test/fixtures';
import { renderRoute } from '../../../test/render-route';
import { statusLabel } from '../components/status-chip';

function renderDashboard(drawings: Drawing[] | [number, unknown], extra: Parameters<typeof stubApi>[0] = {}, state?: unknown) {
  const api = stubSignedIn(
    { hasActiveSubscription: true },
    {
      'GET /api/payments/subscription-status': [200, activeStatus],
      'GET /api/drawings': Array.isArray(drawings) && typeof drawings[0] === 'number' ? (drawings as [number, unknown]) : [200, drawings],
      ...extra,
    },
  );
  return { ...renderRoute('/dashboard', { state }), ...api };
}

async function openMenu(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  return screen.findByRole('menu');
}

describe('dashboard (spec §2)', () => {
  it('shows the empty state', async () => {
    renderDashboard([]);
    expect(await screen.findByText('No drawings yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upload Your First Drawing' })).toHaveAttribute('href', '/upload');
    expect(screen.getByRole('heading', { name: 'My P&IDs' })).toBeInTheDocument();
  });

  it('shows cards with name, date and status chip with percentage', async () => {
    renderDashboard([
      makeDrawing(),
      makeDrawing({ _id: 'd2', name: 'Plant B', status: 'processing', metadata: { processingProgress: 42 } }),
    ]);
    expect(await screen.findByText('Plant A')).toBeInTheDocument();
    expect(screen.getByText('Processed')).toBeInTheDocument();
    expect(screen.getByText('Processing 42%')).toBeInTheDocument();
    expect(screen.getAllByText('Uploaded March 4, 2026')).toHaveLength(2);
  });

  it('reports a failed fetch', async () => {
    renderDashboard([500, { msg: 'boom' }]);
    expect(await screen.findByText('Failed to fetch drawings')).toBeInTheDocument();
  });

  it('shows the notice passed after an upload', async () => {
    renderDashboard([makeDrawing()], {}, { message: 'Drawing uploaded successfully. Processing started.' });
    expect(await screen.findByText('Drawing uploaded successfully. Processing started.')).toBeInTheDocument();
  });

  it('offers processing only for uploaded, error and failed drawings, and export only when completed', async () => {
    renderDashboard([
      makeDrawing({ name: 'Done' }),
      makeDrawing({ _id: 'd2', name: 'Broken', status: 'error' }),
      makeDrawing({ _id: 'd3', name: 'New', status: 'uploaded' }),
    ]);
    let menu = await openMenu('Done');
    expect(within(menu).queryByText(/Processing|Process Drawing/)).not.toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Export Data' })).not.toHaveAttribute('aria-disabled');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());

    menu = await openMenu('Broken');
    expect(within(menu).getByRole('menuitem', { name: 'Retry Processing' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Export Data' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());

    menu = await openMenu('New');
    expect(within(menu).getByRole('menuitem', { name: 'Process Drawing' })).toBeInTheDocument();
  });

  it('starts processing and marks the drawing processing at once', async () => {
    const { calls } = renderDashboard([makeDrawing({ name: 'New', status: 'uploaded' })], {
      'POST /api/drawings/d1/process': [200, { ok: true }],
    });
    const menu = await openMenu('New');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Process Drawing' }));
    expect(await screen.findByText('Processing 0%')).toBeInTheDocument();
    expect(screen.getAllByText('Processing started').length).toBeGreaterThan(0);
    expect(calls).toContain('POST /api/drawings/d1/process');
  });

  it('reports a failed processing start', async () => {
    renderDashboard([makeDrawing({ name: 'New', status: 'failed' })], { 'POST /api/drawings/d1/process': [500, { msg: 'no' }] });
    const menu = await openMenu('New');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Retry Processing' }));
    expect(await screen.findByText('Failed to start processing')).toBeInTheDocument();
  });

  it('renames with Save disabled for a blank name', async () => {
    const { bodies, route } = recordBodies(() => ({ ...makeDrawing(), name: 'Renamed' }));
    renderDashboard([makeDrawing()], { 'PUT /api/drawings/d1': route });
    const menu = await openMenu('Plant A');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog');
    const field = within(dialog).getByLabelText('Drawing Name');
    await userEvent.clear(field);
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.type(field, '   ');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.type(field, 'Renamed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Renamed')).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({ name: 'Renamed' });
  });

  it('deletes after confirmation', async () => {
    const { calls } = renderDashboard([makeDrawing()], { 'DELETE /api/drawings/d1': [200, { msg: 'deleted' }] });
    const menu = await openMenu('Plant A');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls).not.toContain('DELETE /api/drawings/d1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Plant A')).not.toBeInTheDocument());
    expect(calls).toContain('DELETE /api/drawings/d1');
  });
});

describe('status labels (spec §4)', () => {
  it.each([
    ['uploaded', undefined, 'Uploaded'],
    ['processing', undefined, 'Processing'],
    ['processing', 12.4, 'Processing 12%'],
    ['completed', undefined, 'Processed'],
    ['error', undefined, 'Error'],
  ] as const)('%s %s → %s', (status, progress, label) => {
    expect(statusLabel({ status, metadata: { processingProgress: progress } })).toBe(label);
  });
});
