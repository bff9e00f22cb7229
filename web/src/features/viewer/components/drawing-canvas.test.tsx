import type { Connection, DrawingElement } from '@pid/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, jest } from '@jest/globals';
import { layOut, makeConnection, makeElement } from '../../../test/fixtures';
import { ConnectionDialog } from './connection-dialog';
import { createLiveZoom, useLiveZoom } from './live-zoom';
import { connectionSegments, connectionStyle, DrawingCanvas, OVERLAY_COLORS, type DrawingCanvasProps } from './drawing-canvas';

const element = (id: string, x: number, confirmed: boolean): DrawingElement =>
  makeElement({ _id: id, name: id, boundingBox: { x, y: 0, width: 20, height: 20 }, confirmed });
const a = element('a', 0, true);
const b = element('b', 100, true);
const c = element('c', 200, false);
const pipe = (overrides: Partial<Connection> = {}): Connection => makeConnection({ _id: 'p', confirmed: true, ...overrides });
const byId = new Map([a, b, c].map((item) => [item._id, item]));

describe('connection colours (spec §4)', () => {
  it('green confirmed, red unconfirmed, blue highlighted, dashed with an unconfirmed end, orange width 4 selected', () => {
    expect(connectionStyle(pipe(), byId, false, false)).toEqual({
      stroke: OVERLAY_COLORS.confirmed,
      strokeWidth: 1.5,
      dashed: false,
      opacity: 0.6,
    });
    expect(connectionStyle(pipe({ confirmed: false }), byId, false, false).stroke).toBe(OVERLAY_COLORS.unconfirmed);
    expect(connectionStyle(pipe(), byId, true, false).stroke).toBe(OVERLAY_COLORS.highlighted);
    expect(connectionStyle(pipe({ target: { _id: 'c' } }), byId, false, false).dashed).toBe(true);
    expect(connectionStyle(pipe(), byId, false, true)).toMatchObject({ stroke: '#ff9800', strokeWidth: 4 });
  });
  it('draws the stored path, else an orthogonal one between centres', () => {
    const stored = [{ orientation: 'horizontal' as const, start: [1, 1] as [number, number], end: [5, 1] as [number, number] }];
    expect(connectionSegments(pipe({ metadata: { path_data: { path: stored } } }), byId)).toEqual(stored);
    expect(connectionSegments(pipe(), byId)).toEqual([{ orientation: 'horizontal', start: [10, 10], end: [110, 10] }]);
  });
});

function canvasProps(overrides: Partial<DrawingCanvasProps> = {}): DrawingCanvasProps {
  return {
    imageUrl: 'blob:x',
    imageSize: { width: 400, height: 200 },
    elements: [a, b],
    connections: [],
    zoom: 1,
    setZoom: jest.fn(),
    mode: 'normal',
    showAll: true,
    showPipes: true,
    selection: null,
    onSelect: jest.fn(),
    onAddElement: jest.fn(),
    onMoveElement: jest.fn(),
    onCreateConnection: jest.fn(),
    ...overrides,
  };
}

function renderCanvas(overrides: Partial<DrawingCanvasProps> = {}) {
  const props = canvasProps(overrides);
  render(<DrawingCanvas {...props} />);
  const overlay = screen.getByTestId('overlay');
  // jsdom has no layout: the overlay shows the 400 × 200 image at 800 × 400.
  layOut(overlay, 800, 400);
  return { props, overlay };
}

describe('canvas interactions', () => {
  it('places a new element at the click in image coordinates', () => {
    const { props, overlay } = renderCanvas({ mode: 'add-element' });
    fireEvent.pointerUp(overlay, { clientX: 200, clientY: 100 });
    expect(props.onAddElement).toHaveBeenCalledWith({ x: 100, y: 50 });
  });

  it('selects on a click under 5 px and moves after a drag, saving the new box', () => {
    const { props } = renderCanvas();
    const box = screen.getByTestId('element-a');
    fireEvent.pointerDown(box, { clientX: 10, clientY: 10, button: 0 });
    fireEvent.pointerMove(box, { clientX: 13, clientY: 10 });
    fireEvent.pointerUp(box, { clientX: 13, clientY: 10 });
    expect(props.onSelect).toHaveBeenCalledWith({ kind: 'element', id: 'a' });
    expect(props.onMoveElement).not.toHaveBeenCalled();

    fireEvent.pointerDown(box, { clientX: 10, clientY: 10, button: 0 });
    fireEvent.pointerMove(box, { clientX: 50, clientY: 30 });
    fireEvent.pointerUp(box, { clientX: 50, clientY: 30 });
    expect(props.onMoveElement).toHaveBeenCalledWith('a', { x: 20, y: 10, width: 20, height: 20 });
  });

  it('draws a pipe: source, orthogonal route point, target', () => {
    const { props, overlay } = renderCanvas({ mode: 'add-connection' });
    fireEvent.pointerUp(screen.getByTestId('element-a'), { clientX: 20, clientY: 20 });
    fireEvent.pointerUp(overlay, { clientX: 120, clientY: 24 }); // snapped to y = 10
    fireEvent.pointerUp(screen.getByTestId('element-b'), { clientX: 220, clientY: 20 });
    expect(props.onCreateConnection).toHaveBeenCalledWith('a', 'b', [
      { orientation: 'horizontal', start: [10, 10], end: [60, 10] },
      { orientation: 'horizontal', start: [60, 10], end: [110, 10] },
    ]);
  });

  it('colours the ends of a selected connection as source and target, even with Show All off', () => {
    renderCanvas({ elements: [a, b, c], connections: [pipe()], selection: { kind: 'connection', id: 'p' }, showAll: false });
    expect(screen.getByTestId('element-a')).toHaveAttribute('stroke', OVERLAY_COLORS.source);
    expect(screen.getByTestId('element-b')).toHaveAttribute('stroke', OVERLAY_COLORS.target);
    expect(screen.queryByTestId('element-c')).not.toBeInTheDocument();
    expect(screen.getByTestId('connection-p')).toHaveAttribute('stroke', OVERLAY_COLORS.selectedPath);
  });

  it('names the box under the pointer in the overlay title', () => {
    const { overlay } = renderCanvas({ elements: [a, makeElement({ _id: 'u', name: '', elementType: 'valve' })] });
    expect(overlay.querySelectorAll('title')).toHaveLength(1);
    fireEvent.pointerOver(screen.getByTestId('element-a'));
    expect(overlay.querySelector('title')).toHaveTextContent(/^a$/);
    fireEvent.pointerOver(screen.getByTestId('element-u'));
    expect(overlay.querySelector('title')).toHaveTextContent(/^valve$/);
    fireEvent.pointerOver(overlay);
    expect(overlay.querySelector('title')).toBeEmptyDOMElement();
  });

  it('double-click zooms in, shift zooms out', () => {
    const setZoom = jest.fn();
    const { overlay } = renderCanvas({ setZoom });
    fireEvent.doubleClick(overlay);
    fireEvent.doubleClick(overlay, { shiftKey: true });
    const [inStep, outStep] = setZoom.mock.calls.map(([update]) => (update as (zoom: number) => number)(1));
    expect([inStep, outStep]).toEqual([1.2, 0.8]);
  });
});

describe('pinch zoom (two touch pointers)', () => {
  /** The canvas with real zoom state, shown in test ids: the zoom shown during the gesture and the state. */
  function PinchHarness(overrides: Partial<DrawingCanvasProps>) {
    const [zoom, setZoom] = useState(1);
    const [liveZoom] = useState(() => createLiveZoom(1));
    return (
      <>
        <output data-testid="zoom">{useLiveZoom(liveZoom, zoom)}</output>
        <output data-testid="zoom-state">{zoom}</output>
        <button
          onClick={() => {
            liveZoom.set(1);
            setZoom(1);
          }}
        >
          Reset zoom
        </button>
        <DrawingCanvas {...canvasProps(overrides)} zoom={zoom} setZoom={setZoom} liveZoom={liveZoom} />
      </>
    );
  }
  const touch = (pointerId: number, clientX: number) => ({ pointerId, pointerType: 'touch', clientX, clientY: 100, button: 0 });
  /** Two fingers down 100 px apart, then spread to 200 px: a pinch to twice the size, still in progress. */
  const pinchToTwice = () => {
    const overlay = screen.getByTestId('overlay');
    fireEvent.pointerDown(overlay, touch(1, 100));
    fireEvent.pointerDown(overlay, touch(2, 200));
    fireEvent.pointerMove(overlay, touch(2, 300));
    return overlay;
  };

  it('zooms by how far the fingers spread, clamped to 0.5–5, and lays the new size out when the pinch pauses', async () => {
    render(<PinchHarness />);
    const overlay = pinchToTwice();
    // During the gesture the laid-out layer is scaled; the page's zoom state waits for the pause.
    expect(screen.getByTestId('zoom')).toHaveTextContent('2');
    expect(screen.getByTestId('zoom-state')).toHaveTextContent('1');
    expect(screen.getByTestId('zoom-layer').style.transform).toBe('scale(2)');
    await waitFor(() => expect(screen.getByTestId('zoom-layer')).toHaveStyle({ width: '200%' }));
    expect(screen.getByTestId('zoom-state')).toHaveTextContent('2');
    expect(screen.getByTestId('zoom-layer').style.transform).toBe('');
    fireEvent.pointerMove(overlay, touch(2, 5000));
    expect(screen.getByTestId('zoom')).toHaveTextContent('5');
    fireEvent.pointerMove(overlay, touch(2, 110));
    expect(screen.getByTestId('zoom')).toHaveTextContent('0.5');
  });

  it('a zoom set by a button during the gesture wins over the gesture', async () => {
    render(<PinchHarness />);
    const overlay = pinchToTwice();
    fireEvent.pointerUp(overlay, touch(2, 300));
    fireEvent.pointerUp(overlay, touch(1, 100));
    expect(screen.getByTestId('zoom')).toHaveTextContent('2');
    fireEvent.click(screen.getByRole('button', { name: 'Reset zoom' }));
    expect(screen.getByTestId('zoom')).toHaveTextContent('1');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByTestId('zoom-state')).toHaveTextContent('1');
    expect(screen.getByTestId('zoom-layer').style.transform).toBe('');
    expect(screen.getByTestId('zoom-layer')).toHaveStyle({ width: '100%' });
  });

  it('does not place, select or drag with the pinching fingers', () => {
    const onAddElement = jest.fn();
    const onSelect = jest.fn();
    const onMoveElement = jest.fn();
    const { unmount } = render(<PinchHarness mode="add-element" onAddElement={onAddElement} />);
    const overlay = screen.getByTestId('overlay');
    fireEvent.pointerDown(overlay, touch(1, 100));
    fireEvent.pointerDown(overlay, touch(2, 200));
    fireEvent.pointerMove(overlay, touch(2, 260));
    fireEvent.pointerUp(overlay, touch(2, 260));
    fireEvent.pointerUp(overlay, touch(1, 100));
    expect(onAddElement).not.toHaveBeenCalled();
    unmount();

    render(<PinchHarness onSelect={onSelect} onMoveElement={onMoveElement} />);
    const box = screen.getByTestId('element-a');
    fireEvent.pointerDown(box, touch(1, 10));
    fireEvent.pointerDown(screen.getByTestId('overlay'), touch(2, 200));
    fireEvent.pointerMove(box, touch(1, 40));
    fireEvent.pointerUp(box, touch(1, 40));
    fireEvent.pointerUp(screen.getByTestId('overlay'), touch(2, 200));
    expect(onMoveElement).not.toHaveBeenCalled();
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('a mouse alone never pinches', () => {
    render(<PinchHarness />);
    const overlay = screen.getByTestId('overlay');
    fireEvent.pointerDown(overlay, { pointerId: 1, clientX: 100, clientY: 100 });
    fireEvent.pointerDown(overlay, { pointerId: 2, clientX: 200, clientY: 100 });
    fireEvent.pointerMove(overlay, { pointerId: 2, clientX: 400, clientY: 100 });
    expect(screen.getByTestId('zoom')).toHaveTextContent('1');
  });
});

describe('connection dialog (spec §2)', () => {
  it('disables Save without source and target and offers the dialog relationship types', async () => {
    const onSave = jest.fn();
    render(
      <ConnectionDialog
        connection={pipe({ source: '', target: '' })}
        elements={[a, b]}
        onClose={jest.fn()}
        onSave={onSave}
        onDelete={jest.fn()}
        onToggleConfirmed={jest.fn()}
      />,
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.click(screen.getByRole('combobox', { name: 'Relationship Type' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'connects to',
      'controls',
      'powers',
      'senses',
      'custom',
    ]);
  });
});
