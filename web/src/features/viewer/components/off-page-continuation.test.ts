import type { DrawingElement } from '@pid/contracts';
import { describe, expect, it } from '@jest/globals';
import { makeConnection, makeElement } from '../../../test/fixtures';
import { offPageContinuations } from './off-page-continuation';

const connector = (id: string, page: number, metadata = {}): DrawingElement =>
  makeElement({ _id: id, page, elementType: 'off_page_connector', metadata });

describe('offPageContinuations', () => {
  it('pairs the two ends of an off-page link, and names another drawing’s connector from continues_on', () => {
    const link = makeConnection({ target: { _id: 'b' }, description: 'off-page link', metadata: { off_page_link: true, pages: [1, 3] } });
    const pipe = { ...link, _id: 'c2', source: 'a', target: 'x', metadata: {} };
    const elsewhere = { drawing: 'd2', element: 'z', page: 2 };
    const found = offPageContinuations(
      [connector('a', 1), connector('b', 3), connector('c', 2, { continues_on: elsewhere }), connector('x', 1)],
      [link, pipe],
    );
    expect(Object.fromEntries(found)).toEqual({
      a: { page: 3, element: 'b' },
      b: { page: 1, element: 'a' },
      c: elsewhere,
    });
  });
});
