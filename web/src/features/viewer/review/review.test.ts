import type { DrawingElement } from '@pid/contracts';
import { describe, expect, it } from '@jest/globals';
import { isLayerShown, toggleLayer, DEFAULT_LAYERS } from '../components/layer-menu';
import { filterConnections, filterElements, matchesTag } from '../components/element-filter';
import { fitZoom } from '../components/use-canvas-view';
import { reviewProgress, reviewQueue } from './review-queue';

const make = (name: string, extra: Partial<DrawingElement> = {}): DrawingElement => ({
  _id: name,
  drawing: 'd',
  page: 1,
  elementType: 'valve',
  name,
  description: '',
  boundingBox: { x: 0, y: 0, width: 1, height: 1 },
  confirmed: false,
  ...extra,
});

describe('search by tag', () => {
  it('matches tags and names at word starts, not inside words', () => {
    expect(matchesTag('TIC-101', 'tic')).toBe(true);
    expect(matchesTag('vertical vessel', 'tic')).toBe(false);
    expect(matchesTag('TICK', 'tic')).toBe(false);
    expect(matchesTag('Feed pump P-101', 'p-101')).toBe(true);
  });
  it('matches descriptions only on request, and filters connections by their ends', () => {
    const vessel = make('V-1', { description: 'vertical vessel' });
    const tic = make('TIC-1');
    expect(filterElements([vessel, tic], 'TIC', 'default').map((e) => e.name)).toEqual(['TIC-1']);
    expect(filterElements([vessel, tic], 'tic', 'default', { descriptions: true }).map((e) => e.name)).toEqual(['V-1', 'TIC-1']);
    const pipe = { _id: 'c', source: 'TIC-1', target: 'X', name: '', description: '' } as never;
    const other = { _id: 'o', source: 'V-1', target: 'X', name: '', description: '' } as never;
    expect(filterConnections([pipe, other], 'tic', new Set(['TIC-1']))).toEqual([pipe]);
    expect(filterConnections([pipe, other], 'x', new Set(), 'default', { descriptions: true })).toEqual([]);
  });
  it('sorts connections least confident first when asked, user-made ones (no confidence) last', () => {
    const connection = (id: string, confidence?: number) =>
      ({ _id: id, source: 'a', target: 'b', name: '', description: '', metadata: confidence === undefined ? {} : { confidence } }) as never;
    const [sure, unsure, drawn] = [connection('sure', 0.9), connection('unsure', 0.3), connection('drawn')];
    const ids = (list: Array<{ _id: string }>) => list.map((c) => c._id);
    expect(ids(filterConnections([drawn, sure, unsure], '', new Set(), 'confidence'))).toEqual(['unsure', 'sure', 'drawn']);
    expect(ids(filterConnections([drawn, sure, unsure], '', new Set(), 'default'))).toEqual(['drawn', 'sure', 'unsure']);
  });
});

describe('review order and layers', () => {
  it('puts the least confident unconfirmed elements first and counts the reviewed', () => {
    const list = [
      make('a', { metadata: { confidence: 0.9 } }),
      make('b', { metadata: { confidence: 0.2 } }),
      make('c', { confirmed: true }),
    ];
    expect(reviewQueue(list).map((e) => e.name)).toEqual(['b', 'a']);
    expect(reviewProgress(list)).toEqual({ reviewed: 1, total: 3 });
  });
  it('hides text at fit zoom until asked for', () => {
    expect(isLayerShown(DEFAULT_LAYERS, 'text', 1)).toBe(false);
    expect(isLayerShown(DEFAULT_LAYERS, 'text', 3)).toBe(true);
    const asked = toggleLayer(DEFAULT_LAYERS, 'text', 1);
    expect(isLayerShown(asked, 'text', 1)).toBe(true);
    // Unchecked again at fit: back to showing from 200 %.
    expect(isLayerShown(toggleLayer(asked, 'text', 1), 'text', 3)).toBe(true);
    expect(isLayerShown(toggleLayer(DEFAULT_LAYERS, 'text', 3), 'text', 3)).toBe(false);
    expect(isLayerShown(toggleLayer(DEFAULT_LAYERS, 'valve', 1), 'valve', 1)).toBe(false);
  });
  it('fits the whole sheet in the view', () => {
    expect(fitZoom({ width: 900, height: 600 }, { width: 1000, height: 1000 })).toBe(0.66);
    expect(fitZoom({ width: 900, height: 700 }, { width: 1414, height: 1000 })).toBe(1);
  });
});
