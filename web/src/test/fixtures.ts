import type { Connection, Drawing, DrawingElement } from '@pid/contracts';

/** A completed one-page drawing "Plant A" (d1); `overrides` change what a test is about. */
export function makeDrawing(overrides: Partial<Drawing> = {}): Drawing {
  return {
    _id: 'd1',
    name: 'Plant A',
    status: 'completed',
    uploadDate: '2026-03-04T12:00:00.000Z',
    processingMessage: null,
    documentName: 'plant-a.png',
    metadata: {},
    ...overrides,
  };
}

/** What elements and connections have in common: unnamed and unconfirmed, on page 1 of d1. */
const GRAPH_ITEM = { drawing: 'd1', page: 1, name: '', description: '', confirmed: false };

/** An unconfirmed, unnamed user element (a `node`) on page 1 of d1. */
export function makeElement(overrides: Partial<DrawingElement> = {}): DrawingElement {
  return { _id: 'e1', ...GRAPH_ITEM, elementType: 'node', boundingBox: { x: 0, y: 0, width: 10, height: 10 }, ...overrides };
}

/** An unconfirmed "connects to" connection from a to b on page 1 of d1. */
export function makeConnection(overrides: Partial<Connection> = {}): Connection {
  return { _id: 'c1', ...GRAPH_ITEM, source: 'a', target: 'b', relationshipType: 'connects to', metadata: {}, ...overrides };
}

/** jsdom lays nothing out: gives `element` a box of `width` × `height` at the viewport's origin. */
export function layOut(element: HTMLElement, width: number, height: number): void {
  element.getBoundingClientRect = () => ({ left: 0, top: 0, width, height, right: width, bottom: height, x: 0, y: 0, toJSON: () => ({}) });
}
