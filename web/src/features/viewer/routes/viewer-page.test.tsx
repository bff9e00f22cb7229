import type { Connection, Drawing, DrawingElement } from '@pid/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { activeStatus, jsonResponse, makeUser, recordBodies, signIn, stubApi, stubSignedIn } from '../../../test/api-stub';
import { layOut, makeConnection, makeDrawing, makeElement } from '../../../test/fixtures';
import { renderRoute } from '../../../test/render-route';
import { toConnectionBody } from '../api/connections';
import { stubGlobal } from '../../../test/globals';

const drawing = makeDrawing({ metadata: { image_size: { width: 400, height: 200 } } });

const pump = makeElement({ name: 'P-101', description: 'Pump', boundingBox: { x: 10, y: 20, width: 30, height: 40 } });
const valve: DrawingElement = {
  ...pump,
  _id: 'e2',
  name: 'V-1',
  description: 'Valve',
  boundingBox: { x: 200, y: 100, width: 20, height: 20 },
  confirmed: true,
};
const pipe = makeConnection({ source: 'e1', target: { _id: 'e2' } });

function renderViewer(extra: Parameters<typeof stubApi>[0] = {}, overrides: Partial<Drawing> = {}) {
  const api = stubSignedIn(
    { hasActiveSubscription: true },
    {
      'GET /api/payments/subscription-status': [200, activeStatus],
      'GET /api/drawings/d1': [200, { ...drawing, ...overrides }],
      'GET /api/drawings/d1/file': () =>
        new Response(new Blob(['png'], { type: 'image/png' }), { status: 200, headers: { 'Content-Type': 'image/png' } }),
      'GET /api/drawings/d1/elements': [200, [pump, valve]],
      'GET /api/drawings/d1/connections': [200, [pipe]],
      ...extra,
    },
  );
  return { ...renderRoute('/drawing/d1'), ...api };
}

beforeEach(() => {
  stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:drawing', revokeObjectURL: () => undefined }));
});

describe('viewer (spec §2)', () => {
  it('shows the toolbar, the overlay scaled from image_size and the sidebar counts', async () => {
    renderViewer();
    expect(await screen.findByRole('heading', { name: 'Plant A' })).toBeInTheDocument();
    const overlay = await screen.findByTestId('overlay');
    expect(overlay).toHaveAttribute('viewBox', '0 0 400 200');
    expect(screen.getByTestId('element-e1')).toHaveAttribute('x', '10');
    expect(screen.getByTestId('element-e1')).toHaveAttribute('stroke', '#d32f2f');
    expect(screen.getByTestId('element-e2')).toHaveAttribute('stroke', '#2e7d32');
    // One end unconfirmed: dashed, red while unconfirmed.
    expect(screen.getByTestId('connection-c1')).toHaveAttribute('stroke-dasharray', '6 4');
    expect(screen.getByTestId('connection-c1')).toHaveAttribute('stroke', '#d32f2f');
    expect(screen.getByText('Elements & Connections')).toBeInTheDocument();
    expect(screen.getByText('Elements (2)')).toBeInTheDocument();
    expect(screen.getByText('Connections (1)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connection' })).toBeEnabled();
  });

  it('zooms within 0.5–5 with the buttons and resets to 100%', async () => {
    renderViewer();
    await screen.findByTestId('overlay');
    // Each role query walks hundreds of style sheets in jsdom: look the buttons up once.
    const [zoomIn, zoomOut, reset] = ['Zoom in', 'Zoom out', 'Reset zoom'].map((name) => screen.getByRole('button', { name }));
    const percent = screen.getByTestId('zoom-percent');
    fireEvent.click(zoomIn);
    expect(percent).toHaveTextContent('110%');
    for (let index = 0; index < 6; index += 1) fireEvent.click(zoomOut);
    expect(percent).toHaveTextContent('50%');
    expect(zoomOut).toBeDisabled();
    fireEvent.click(reset);
    expect(percent).toHaveTextContent('100%');
  });

  it('confirm toggle sends the whole element with the flag flipped', async () => {
    const { bodies, route } = recordBodies();
    renderViewer({ 'PUT /api/elements/e1': route });
    const row = await screen.findByTestId('element-row-e1');
    expect(within(row).getByText('Unconfirmed')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('switch'));
    await waitFor(() => expect(bodies.at(-1)).toEqual({ ...pump, confirmed: true }));
    expect(await screen.findByText('Element updated successfully!')).toBeInTheDocument();
  });

  it('connection toggle sends the whole record with ids for the ends', async () => {
    const { bodies, route } = recordBodies();
    renderViewer({ 'PUT /api/connections/c1': route });
    const row = await screen.findByTestId('connection-row-c1');
    await userEvent.click(within(row).getByRole('switch'));
    await waitFor(() =>
      expect(bodies.at(-1)).toMatchObject({ source: 'e1', target: 'e2', confirmed: true, relationshipType: 'connects to' }),
    );
    expect(await screen.findByText('Connection updated successfully!')).toBeInTheDocument();
  });

  it('reports a failed update', async () => {
    renderViewer({ 'PUT /api/elements/e1': [500, { msg: 'no' }] });
    const row = await screen.findByTestId('element-row-e1');
    await userEvent.click(within(row).getByRole('switch'));
    expect(await screen.findByText('Failed to update element. Please try again.')).toBeInTheDocument();
  });

  it('deletes an element after confirmation', async () => {
    const { calls } = renderViewer({ 'DELETE /api/elements/e2': [200, { msg: 'ok' }] });
    const row = await screen.findByTestId('element-row-e2');
    await userEvent.click(within(row).getByRole('button', { name: 'Delete V-1' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Element deleted successfully!')).toBeInTheDocument();
    expect(calls).toContain('DELETE /api/elements/e2');
  });

  it('disables Connection with fewer than 2 elements and shows the processing banner', async () => {
    renderViewer(
      { 'GET /api/drawings/d1/elements': [200, [pump]], 'GET /api/drawings/d1/connections': [200, []] },
      { status: 'processing', processingMessage: 'Detecting symbols' },
    );
    expect(await screen.findByText(/Detecting symbols/)).toBeInTheDocument();
    await screen.findByText('Elements (1)');
    expect(screen.getByRole('button', { name: 'Connection' })).toBeDisabled();
  });

  it('reports load failures and non-image files', async () => {
    renderViewer({ 'GET /api/drawings/d1': [500, { msg: 'x' }] });
    expect(await screen.findByText('Failed to load drawing data. Please try again.')).toBeInTheDocument();
  });

  it('refuses a non-image file', async () => {
    renderViewer({ 'GET /api/drawings/d1/file': () => new Response(new Blob(['%PDF'], { type: 'application/pdf' }), { status: 200 }) });
    expect(await screen.findByText('Unsupported file type (only images are supported)')).toBeInTheDocument();
  });

  it('searches by tag and confirms all visible elements, each sent whole', async () => {
    const { bodies: sent, route } = recordBodies();
    renderViewer({ 'PUT /api/elements/e1': route, 'PUT /api/connections/c1': route });
    await screen.findByText('Elements (2)');
    await userEvent.type(screen.getByLabelText('Search by tag'), 'p-1');
    expect(await screen.findByText('Elements (1)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm all visible' }));
    // The pipe from P-101 is listed too: the search filters both lists.
    expect(await screen.findByText('Confirm 1 element and 1 connection shown by the current filter?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm 2' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { ...pump, confirmed: true },
        { ...toConnectionBody(pipe), confirmed: true },
      ]),
    );
  });
});

describe('viewer undo/redo and shortcuts', () => {
  it('Ctrl+Z after a drag sends the previous boundingBox; Ctrl+Shift+Z sends the moved one again', async () => {
    const { bodies: sent, route } = recordBodies((body) => ({ ...pump, ...(body as object) }));
    renderViewer({ 'PUT /api/elements/e1': route });
    const overlay = await screen.findByTestId('overlay');
    // jsdom has no layout: the overlay shows the 400 × 200 image at 800 × 400.
    layOut(overlay, 800, 400);
    const box = screen.getByTestId('element-e1');
    fireEvent.pointerDown(box, { clientX: 30, clientY: 50, button: 0 });
    fireEvent.pointerMove(box, { clientX: 70, clientY: 70 });
    fireEvent.pointerUp(box, { clientX: 70, clientY: 70 });
    const moved = { boundingBox: { x: 30, y: 30, width: 30, height: 40 } };
    await waitFor(() => expect(sent).toEqual([moved]));

    await userEvent.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(sent).toEqual([moved, { boundingBox: pump.boundingBox }]));
    await userEvent.keyboard('{Meta>}{Shift>}z{/Shift}{/Meta}');
    await waitFor(() => expect(sent).toEqual([moved, { boundingBox: pump.boundingBox }, moved]));
  });

  it('undo of an element delete creates it and its deleted connections again; later steps use the new ids', async () => {
    const createdElements: unknown[] = [];
    const createdConnections: unknown[] = [];
    let nextId = 0;
    const { calls } = renderViewer({
      'DELETE /api/elements/e1': [200, { msg: 'ok' }],
      'DELETE /api/elements/new-1': [200, { msg: 'ok' }],
      'POST /api/elements': ({ body }) => {
        createdElements.push(body);
        nextId += 1;
        return jsonResponse(201, { ...(body as object), _id: `new-${nextId}` });
      },
      'POST /api/connections': ({ body }) => {
        createdConnections.push(body);
        return jsonResponse(201, { ...(body as object), _id: `c-new-${createdConnections.length}` });
      },
    });
    const row = await screen.findByTestId('element-row-e1');
    await userEvent.click(within(row).getByRole('button', { name: 'Delete P-101' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Element deleted successfully!');

    await userEvent.keyboard('{Control>}z{/Control}');
    const { _id: _oldId, ...pumpFields } = pump;
    await waitFor(() => expect(createdElements).toEqual([pumpFields]));
    // The pipe e1 → e2 comes back between the new pump and the valve.
    await waitFor(() => expect(createdConnections).toEqual([expect.objectContaining({ source: 'new-1', target: 'e2', drawing: 'd1' })]));

    // Redo deletes the pump under its new id; undo brings it back once more, again with its pipe.
    await userEvent.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    await waitFor(() => expect(calls).toContain('DELETE /api/elements/new-1'));
    await userEvent.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(createdElements).toHaveLength(2));
    await waitFor(() => expect(createdConnections).toHaveLength(2));
    expect(createdConnections[1]).toMatchObject({ source: 'new-2', target: 'e2' });
  });

  it('undo of a connection delete creates it again', async () => {
    const createdConnections: unknown[] = [];
    renderViewer({
      'DELETE /api/connections/c1': [200, { msg: 'ok' }],
      'POST /api/connections': ({ body }) => {
        createdConnections.push(body);
        return jsonResponse(201, { ...(body as object), _id: 'c2' });
      },
    });
    const row = await screen.findByTestId('connection-row-c1');
    await userEvent.click(within(row).getByRole('button', { name: /^Delete connection/ }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Connection deleted successfully!');
    await userEvent.keyboard('{Control>}z{/Control}');
    await waitFor(() =>
      expect(createdConnections).toEqual([expect.objectContaining({ source: 'e1', target: 'e2', relationshipType: 'connects to' })]),
    );
  });

  it('ignores Ctrl+Z while typing in a text field', async () => {
    const { calls } = renderViewer({ 'PUT /api/elements/e1': ({ body }) => jsonResponse(200, body) });
    const row = await screen.findByTestId('element-row-e1');
    await userEvent.click(within(row).getByRole('switch'));
    await screen.findByText('Element updated successfully!');
    await userEvent.click(screen.getByLabelText('Search by tag'));
    await userEvent.keyboard('{Control>}z{/Control}');
    expect(calls.filter((call) => call === 'PUT /api/elements/e1')).toHaveLength(1);
  });

  it('Delete asks to delete the selected element', async () => {
    renderViewer();
    const box = await screen.findByTestId('element-e2');
    fireEvent.pointerDown(box, { clientX: 5, clientY: 5, button: 0 });
    fireEvent.pointerUp(box, { clientX: 5, clientY: 5 });
    await screen.findByText('Selection');
    await userEvent.keyboard('{Delete}');
    expect(await screen.findByRole('dialog', { name: 'Delete Element' })).toBeInTheDocument();
  });

  it('opens the shortcuts help from the toolbar and with "?"', async () => {
    renderViewer();
    await screen.findByTestId('overlay');
    await userEvent.click(screen.getByRole('button', { name: 'Keyboard shortcuts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const keys of [
      'Ctrl/Cmd+Z',
      'Ctrl/Cmd+Shift+Z',
      'Escape',
      'Ctrl/Cmd+wheel',
      'Double-click',
      'Shift+double-click',
      'Delete',
      '?',
    ]) {
      expect(within(dialog).getByText(keys)).toBeInTheDocument();
    }
    expect(within(dialog).getByText(/comes back with the connections/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.keyboard('?');
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
  });
});

describe('viewer of a drawing of several pages', () => {
  const sheets: Drawing = {
    ...drawing,
    _id: 'd3',
    documentName: 'sheets.pdf',
    metadata: {
      image_size: { width: 400, height: 200 },
      pageCount: 3,
      pages: [
        { width: 400, height: 200 },
        { width: 300, height: 300 },
        { width: 600, height: 100 },
      ],
    },
  };
  const onPage = (element: DrawingElement, page: number, _id: string, name: string): DrawingElement => ({
    ...element,
    drawing: 'd3',
    page,
    _id,
    name,
  });
  const connector = { ...pump, elementType: 'off_page_connector' as const };
  const elements = [
    onPage(pump, 1, 'p1-pump', 'P-101'),
    onPage(connector, 1, 'p1-opc', 'TO P&ID 3 / LINE 100'),
    onPage(valve, 2, 'p2-valve', 'V-201'),
    onPage(pump, 3, 'p3-pump', 'P-301'),
    onPage(connector, 3, 'p3-opc', 'FROM P&ID 1 / LINE 100'),
  ];
  const link: Connection = {
    ...pipe,
    _id: 'link',
    drawing: 'd3',
    page: 1,
    source: 'p1-opc',
    target: 'p3-opc',
    description: 'off-page link',
    metadata: { off_page_link: true, pages: [1, 3], source: 'analysis' },
  };
  const pageOnePipe: Connection = { ...pipe, _id: 'pipe-1', drawing: 'd3', page: 1, source: 'p1-pump', target: 'p1-opc' };

  function renderSheets(extra: Parameters<typeof stubApi>[0] = {}) {
    signIn();
    const images: string[] = [];
    const api = stubApi({
      'GET /api/auth/me': [200, makeUser({ hasActiveSubscription: true })],
      'GET /api/payments/subscription-status': [200, activeStatus],
      'GET /api/drawings/d3': [200, sheets],
      'GET /api/drawings/d3/file': ({ url }) => {
        images.push(new URL(url, 'http://localhost').search);
        return new Response(new Blob(['png'], { type: 'image/png' }), { status: 200, headers: { 'Content-Type': 'image/png' } });
      },
      'GET /api/drawings/d3/elements': [200, elements],
      'GET /api/drawings/d3/connections': [200, [pageOnePipe, link]],
      ...extra,
    });
    return { ...renderRoute('/drawing/d3'), ...api, images };
  }

  it('shows one page at a time: its image, its size, its elements and connections', async () => {
    const { images } = renderSheets();
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(await screen.findByTestId('overlay')).toHaveAttribute('viewBox', '0 0 400 200');
    // Page 1 is the file's default page: asked for once, before or after the page count is known.
    expect(images).toHaveLength(1);
    expect(['', '?page=1']).toContain(images[0]);
    expect(screen.getByTestId('element-p1-pump')).toBeInTheDocument();
    expect(screen.queryByTestId('element-p2-valve')).not.toBeInTheDocument();
    expect(screen.getByText('Elements (2)')).toBeInTheDocument();
    expect(screen.getByText('Connections (2)')).toBeInTheDocument();
    // The off-page link has no route to draw; the page's pipe is drawn.
    expect(screen.getByTestId('connection-pipe-1')).toBeInTheDocument();
    expect(screen.queryByTestId('connection-link')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('overlay')).toHaveAttribute('viewBox', '0 0 300 300'));
    expect(images.slice(1)).toEqual(['?page=2']);
    expect(screen.getByTestId('element-p2-valve')).toBeInTheDocument();
    expect(screen.queryByTestId('element-p1-pump')).not.toBeInTheDocument();
    expect(screen.getByText('Elements (1)')).toBeInTheDocument();
    expect(screen.getByText('Connections (0)')).toBeInTheDocument();
  });

  it('shows an off-page connector’s continuation, and goes to that page with its partner selected', async () => {
    renderSheets();
    const row = await screen.findByTestId('element-row-p1-opc');
    await userEvent.click(within(row).getByRole('button', { name: 'Continues on page 3' }));
    expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByText('Selection')).toBeInTheDocument();
    const partner = await screen.findByTestId('element-row-p3-opc');
    expect(within(partner).getByRole('button', { name: 'Continues on page 1' })).toBeInTheDocument();
    expect(screen.getByTestId('overlay')).toHaveAttribute('viewBox', '0 0 600 100');
  });

  it('names another drawing a connector continues on and opens it there', async () => {
    const elsewhere = { ...elements[1]!, metadata: { continues_on: { drawing: 'd9', element: 'far', page: 2 } } };
    renderSheets({
      'GET /api/drawings/d3/elements': [200, [elements[0], elsewhere]],
      'GET /api/drawings/d3/connections': [200, []],
      'GET /api/drawings/d9': [200, { ...sheets, _id: 'd9', name: 'Unit 200', metadata: { pageCount: 2 } }],
      'GET /api/drawings/d9/file': () => new Response(new Blob(['png'], { type: 'image/png' }), { status: 200 }),
      'GET /api/drawings/d9/elements': [200, [{ ...elements[2]!, _id: 'far', drawing: 'd9', name: 'FROM UNIT 100' }]],
      'GET /api/drawings/d9/connections': [200, []],
    });
    const row = await screen.findByTestId('element-row-p1-opc');
    await userEvent.click(await within(row).findByRole('button', { name: 'Continues on Unit 200' }));
    expect(await screen.findByRole('heading', { name: 'Unit 200' })).toBeInTheDocument();
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(await screen.findByTestId('element-row-far')).toBeInTheDocument();
    expect(screen.getByText('Selection')).toBeInTheDocument();
  });

  it('saves an element placed by the user on the page shown', async () => {
    const { bodies, route } = recordBodies((body) => ({ ...(body as object), _id: 'new', metadata: { source: 'user' } }), 201);
    renderSheets({ 'POST /api/elements': route });
    await userEvent.click(await screen.findByRole('button', { name: 'Go to page 3' }));
    await waitFor(() => expect(screen.getByTestId('overlay')).toHaveAttribute('viewBox', '0 0 600 100'));
    await userEvent.click(screen.getByRole('button', { name: 'Element' }));
    const overlay = screen.getByTestId('overlay');
    layOut(overlay, 600, 100);
    fireEvent.pointerUp(overlay, { clientX: 300, clientY: 50 });
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ drawing: 'd3', page: 3, elementType: 'node' }));
  });
});
