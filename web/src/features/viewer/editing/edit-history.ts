import type { BoundingBox, Connection, DrawingElement, PathSegment } from '@pid/contracts';
import { endId } from '../api/connections';

/**
 * Reversible edits of the viewer. Records that are created again get new ids from the server; the
 * history is then rewritten (remapElementId, remapConnectionId) so later steps address the new ones.
 */
export type EditCommand =
  /** A move (only `boundingBox`), a confirm toggle or a field edit: `before` and `after` are the PUT bodies. */
  | { kind: 'update-element'; id: string; before: Partial<DrawingElement>; after: Partial<DrawingElement> }
  /**
   * A move or resize with the paths of the connections that followed it: undo puts the box and every
   * path back in one step.
   */
  | { kind: 'move-element'; id: string; before: BoundingBox; after: BoundingBox; paths: PathChange[] }
  /** A created element: undo deletes it, redo creates it again (under a new id). */
  | { kind: 'create-element'; element: DrawingElement }
  /**
   * A deleted element with the connections the server deleted with it: undo creates the element and
   * then those connections again; redo deletes the element (and so its connections) again.
   */
  | { kind: 'delete-element'; element: DrawingElement; connections: Connection[] }
  /** A deleted connection: undo creates it again, redo deletes it again. */
  | { kind: 'delete-connection'; connection: Connection };

/** A connection's stored path before and after its element moved. */
export interface PathChange {
  id: string;
  before: PathSegment[];
  after: PathSegment[];
}

export interface EditHistory {
  past: EditCommand[];
  future: EditCommand[];
}

const HISTORY_LIMIT = 100;

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

/** The connections an element's delete takes with it on the server. */
export function connectionsOf(elementId: string, connections: Connection[]): Connection[] {
  return connections.filter((connection) => endId(connection.source) === elementId || endId(connection.target) === elementId);
}

function mapCommands(history: EditHistory, remap: (command: EditCommand) => EditCommand): EditHistory {
  return { past: history.past.map(remap), future: history.future.map(remap) };
}

/** Rewrites an element id everywhere in the history, connection ends included (after it was created again). */
export function remapElementId(history: EditHistory, from: string, to: string): EditHistory {
  const element = <T extends DrawingElement>(item: T): T => (item._id === from ? { ...item, _id: to } : item);
  const end = (value: Connection['source']) => (endId(value) === from ? to : value);
  const connection = (item: Connection): Connection => ({ ...item, source: end(item.source), target: end(item.target) });
  return mapCommands(history, (command) => {
    switch (command.kind) {
      case 'update-element':
      case 'move-element':
        return command.id === from ? { ...command, id: to } : command;
      case 'create-element':
        return { ...command, element: element(command.element) };
      case 'delete-element':
        return { ...command, element: element(command.element), connections: command.connections.map(connection) };
      case 'delete-connection':
        return { ...command, connection: connection(command.connection) };
    }
  });
}

/** Rewrites a connection id everywhere in the history (after it was created again). */
export function remapConnectionId(history: EditHistory, from: string, to: string): EditHistory {
  const connection = (item: Connection): Connection => (item._id === from ? { ...item, _id: to } : item);
  return mapCommands(history, (command) => {
    if (command.kind === 'delete-element') return { ...command, connections: command.connections.map(connection) };
    if (command.kind === 'delete-connection') return { ...command, connection: connection(command.connection) };
    if (command.kind === 'move-element')
      return { ...command, paths: command.paths.map((change) => (change.id === from ? { ...change, id: to } : change)) };
    return command;
  });
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
