import type { DrawingElement } from '@pid/contracts';
import { describe, expect, it } from '@jest/globals';
import { filterElements } from './element-filter';

const make = (name: string, confidence?: number): DrawingElement => ({
  _id: name,
  drawing: 'd',
  page: 1,
  elementType: 'node',
  name,
  description: '',
  boundingBox: { x: 0, y: 0, width: 1, height: 1 },
  confirmed: false,
  metadata: confidence === undefined ? undefined : { confidence },
});

describe('element search and sort', () => {
  const list = [make('P-101', 0.9), make('V-201', 0.4), make('FIC-7'), make('P-102', 0.6)];
  it('searches by tag, case-insensitively', () => {
    expect(filterElements(list, ' p-10', 'default').map((e) => e.name)).toEqual(['P-101', 'P-102']);
  });
  it('sorts least confident first', () => {
    expect(filterElements(list, '', 'confidence').map((e) => e.name)).toEqual(['V-201', 'P-102', 'P-101', 'FIC-7']);
  });
});
