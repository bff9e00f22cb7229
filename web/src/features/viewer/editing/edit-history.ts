import type { DrawingElement } from '@pid/contracts';

/**
 * Reversible edits of the viewer. Deletes are not recorded: deleting an element also removes its
 * connections on the server, so it cannot be faithfully recreated.
 */
export type EditCommand =
  /** A move (only `boundingBox`), a confirm toggle or a field edit: `before` and `after` are the PUT bodies. */
  | { kind: 'update-element'; id: string; before: Partial<DrawingElement>; after: Partial<DrawingElement> }
  /** A created element: undo deletes it, redo creates it again (under a new id). */
  | { kind: 'create-element'; element: DrawingElement };

export interface EditHistory {
  past: EditCommand[];
  future: EditCommand[];
}

export const HISTORY_LIMIT = 100;

export const emptyHistory: EditHistory = { past: [], future: [] };

/** Records a new edit; the redo stack is cleared. */
export function pushEdit(history: EditHistory, command: EditCommand, limit = HISTORY_LIMIT): EditHistory {
  return { past: [...history.past, command].slice(-limit), future: [] };
}

/** The command to reverse and the history after it, or null when there is nothing to undo. */
export function undoEdit(history: EditHistory): { command: EditCommand; history: EditHistory } | null {
  const command = history.past.at(-1);
  if (!command) return null;
  return { command, history: { past: history.past.slice(0, -1), future: [command, ...history.future] } };
}

/** The command to apply again and the history after it, or null when there is nothing to redo. */
export function redoEdit(history: EditHistory): { command: EditCommand; history: EditHistory } | null {
  const [command, ...future] = history.future;
  if (!command) return null;
  return { command, history: { past: [...history.past, command], future } };
}

/** Rewrites an element id everywhere in the history (after a redone create got a new id). */
export function remapElementId(history: EditHistory, from: string, to: string): EditHistory {
  const remap = (command: EditCommand): EditCommand => {
    if (command.kind === 'update-element') return command.id === from ? { ...command, id: to } : command;
    return command.element._id === from ? { ...command, element: { ...command.element, _id: to } } : command;
  };
  return { past: history.past.map(remap), future: history.future.map(remap) };
}

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'number', 'email', 'url', 'tel', 'password', '']);

/** Whether keyboard focus is in a text field, where editing shortcuts are left to the field. */
export function isTextField(target: EventTarget | null): boolean {
  if (!target || !(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return TEXT_INPUT_TYPES.has(target.type);
  return target.getAttribute('role') === 'textbox';
}
