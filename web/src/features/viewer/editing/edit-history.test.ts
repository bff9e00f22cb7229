import { describe, expect, it } from 'vitest';
import { emptyHistory, pushEdit, redoEdit, remapElementId, undoEdit, type EditCommand } from './edit-history';

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
});
