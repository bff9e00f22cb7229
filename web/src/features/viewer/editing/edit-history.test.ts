import { describe, expect, it } from '@jest/globals';
import {
  connectionsOf,
  emptyHistory,
  pushEdit,
  redoEdit,
  remapConnectionId,
  remapElementId,
  undoEdit,
  type EditCommand,
} from './edit-history';

const move = (id: string, x: number): EditCommand => ({
  kind: 'update-element',
  id,
  before: { boundingBox: { x: 0, y: 0, width: 10, height: 10 } },
  after: { boundingBox: { x, y: 0, width: 10, height: 10 } },
});

describe('edit history', () => {
  it('pushes edits and undoes the latest first', () => {
    const history = pushEdit(pushEdit(emptyHistory, move('a', 1)), move('b', 2));
    expect(history.past).toHaveLength(2);
    const undone = undoEdit(history);
    expect(undone?.command).toEqual(move('b', 2));
    expect(undone?.history).toEqual({ past: [move('a', 1)], future: [move('b', 2)] });
  });

  it('redoes what was undone, and has nothing to undo or redo when empty', () => {
    expect(undoEdit(emptyHistory)).toBeNull();
    expect(redoEdit(emptyHistory)).toBeNull();
    const undone = undoEdit(pushEdit(emptyHistory, move('a', 1)))!;
    const redone = redoEdit(undone.history);
    expect(redone?.command).toEqual(move('a', 1));
    expect(redone?.history).toEqual({ past: [move('a', 1)], future: [] });
  });

  it('clears the redo stack after a new edit', () => {
    const undone = undoEdit(pushEdit(emptyHistory, move('a', 1)))!;
    expect(undone.history.future).toHaveLength(1);
    const next = pushEdit(undone.history, move('b', 2));
    expect(next.future).toEqual([]);
    expect(redoEdit(next)).toBeNull();
  });

  it('keeps at most the limit of edits', () => {
    let history = emptyHistory;
    for (let index = 0; index < 5; index += 1) history = pushEdit(history, move('a', index), 3);
    expect(history.past.map((command) => (command.kind === 'update-element' ? command.after.boundingBox?.x : null))).toEqual([2, 3, 4]);
  });

  it('remaps the id of a recreated element', () => {
    const created: EditCommand = {
      kind: 'create-element',
      element: {
        _id: 'old',
        drawing: 'd',
        page: 1,
        elementType: 'node',
        name: '',
        description: '',
        boundingBox: { x: 0, y: 0, width: 36, height: 36 },
        confirmed: false,
      },
    };
    const history = remapElementId({ past: [created], future: [move('old', 5)] }, 'old', 'new');
    expect(history.past[0]).toMatchObject({ element: { _id: 'new' } });
    expect(history.future[0]).toMatchObject({ id: 'new' });
  });

  it('remaps ids inside deletes: the element, the ends of its connections, and recreated connections', () => {
    const element = {
      _id: 'old',
      drawing: 'd',
      page: 1,
      elementType: 'node' as const,
      name: 'P-1',
      description: '',
      boundingBox: { x: 0, y: 0, width: 36, height: 36 },
      confirmed: false,
    };
    const pipe = {
      _id: 'c1',
      drawing: 'd',
      page: 1,
      source: 'old',
      target: { _id: 'other' },
      name: '',
      description: '',
      relationshipType: 'connects to' as const,
      confirmed: false,
      metadata: {},
    };
    expect(connectionsOf('old', [pipe, { ...pipe, _id: 'c2', source: 'x', target: 'y' }])).toEqual([pipe]);
    const deleted: EditCommand = { kind: 'delete-element', element, connections: [pipe] };
    const byElement = remapElementId({ past: [deleted, { kind: 'delete-connection', connection: pipe }], future: [] }, 'old', 'new');
    expect(byElement.past[0]).toMatchObject({ element: { _id: 'new' }, connections: [{ source: 'new', target: { _id: 'other' } }] });
    expect(byElement.past[1]).toMatchObject({ connection: { source: 'new' } });
    const byConnection = remapConnectionId(byElement, 'c1', 'c9');
    expect(byConnection.past[0]).toMatchObject({ connections: [{ _id: 'c9' }] });
    expect(byConnection.past[1]).toMatchObject({ connection: { _id: 'c9' } });
  });
});
