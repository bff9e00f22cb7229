import type { BoundingBox, Connection, DrawingElement, PathSegment } from '@pid/contracts';
import { DEFAULT_RELATIONSHIP_TYPE, USER_ELEMENT_TYPE } from '@pid/contracts';
import type { AlertColor } from '@mui/material/Alert';
import { useRef } from 'react';
import { endId, toConnectionBody, useConnectionMutations } from '../api/connections';
import { useElementMutations } from '../api/elements';
import type { Selection } from '../components/drawing-canvas';
import {
  connectionsOf,
  emptyHistory,
  pushEdit,
  redoEdit,
  remapConnectionId,
  remapElementId,
  undoEdit,
  type EditCommand,
  type EditHistory,
  type PathChange,
} from '../editing/edit-history';
import type { Point } from '../geometry/mapping';
import { followElement, normalisePath } from '../geometry/path-follow';
import { newElementBox } from '../geometry/placement';
import { VIEWER_MESSAGES } from './viewer-messages';

export interface ViewerEditContext {
  id: string;
  page: number;
  elements: DrawingElement[];
  connections: Connection[];
  imageWidth: number;
  notify: (severity: AlertColor, text: string) => void;
  selection: Selection;
  setSelection: (selection: Selection) => void;
  onCreated: () => void;
}

/** The paths of the connections attached to an element, after it moved from `from` to `to`. */
export function followingPaths(elementId: string, from: BoundingBox, to: BoundingBox, connections: Connection[]): PathChange[] {
  return connectionsOf(elementId, connections).flatMap((connection) => {
    const before = connection.metadata?.path_data?.path;
    if (!before || before.length === 0) return [];
    const end = endId(connection.source) === elementId ? 'source' : 'target';
    const after = followElement(before, end, from, to);
    return after === before ? [] : [{ id: connection._id, before, after }];
  });
}

/** The viewer's saves, creates, deletes and moves, with their undo history (spec §4 viewer). */
export function useViewerEdits(context: ViewerEditContext) {
  const { id, notify } = context;
  const elementMutations = useElementMutations(id);
  const connectionMutations = useConnectionMutations(id);
  const history = useRef<EditHistory>(emptyHistory);
  const record = (command: EditCommand) => {
    history.current = pushEdit(history.current, command);
  };
  const findElement = (elementId: string) => context.elements.find((item) => item._id === elementId);

  const saveElement = (element: DrawingElement, success: string | null = VIEWER_MESSAGES.elementUpdated) => {
    const previous = findElement(element._id);
    return elementMutations.update.mutateAsync({ id: element._id, changes: element }).then(
      () => {
        if (previous) record({ kind: 'update-element', id: element._id, before: previous, after: element });
        if (success) notify('success', success);
      },
      () => notify('error', VIEWER_MESSAGES.elementUpdateFailed),
    );
  };
  /**
   * Saves only `changes` (review mode's confirm and type change): quick edits of one element then
   * cannot overwrite each other's fields when the server takes them in another order.
   */
  const changeElement = (element: DrawingElement, changes: Partial<Pick<DrawingElement, 'confirmed' | 'elementType'>>) => {
    const before = Object.fromEntries(Object.keys(changes).map((key) => [key, element[key as keyof typeof changes]]));
    return elementMutations.update.mutateAsync({ id: element._id, changes }).then(
      () => record({ kind: 'update-element', id: element._id, before, after: changes }),
      () => notify('error', VIEWER_MESSAGES.elementUpdateFailed),
    );
  };
  const saveConnection = (connection: Connection) =>
    connectionMutations.update.mutate(
      { id: connection._id, changes: toConnectionBody(connection) },
      {
        onSuccess: () => notify('success', VIEWER_MESSAGES.connectionUpdated),
        onError: () => notify('error', VIEWER_MESSAGES.connectionUpdateFailed),
      },
    );
  const setPaths = (changes: PathChange[], forward: boolean) =>
    Promise.all(
      changes.map((change) =>
        connectionMutations.update.mutateAsync({
          id: change.id,
          changes: { metadata: { path_data: { path: forward ? change.after : change.before } } },
        }),
      ),
    );
  /** A drag or resize: the box, and the ends of the attached connections' paths, saved and undone together. */
  const moveElement = (elementId: string, boundingBox: BoundingBox) => {
    const previous = findElement(elementId)?.boundingBox;
    if (!previous) return;
    const paths = followingPaths(elementId, previous, boundingBox, context.connections);
    // Recorded at once: Ctrl+Z right after the drop undoes this move, not the edit before it.
    record({ kind: 'move-element', id: elementId, before: previous, after: boundingBox, paths });
    Promise.all([elementMutations.update.mutateAsync({ id: elementId, changes: { boundingBox } }), setPaths(paths, true)]).catch(() =>
      notify('error', VIEWER_MESSAGES.positionFailed),
    );
  };
  const addElement = (point: Point) =>
    elementMutations.create.mutate(
      {
        drawing: id,
        page: context.page,
        elementType: USER_ELEMENT_TYPE,
        name: '',
        description: '',
        boundingBox: newElementBox(point, context.imageWidth),
        confirmed: false,
      },
      {
        onSuccess: (created) => {
          context.onCreated();
          if (created?._id) {
            context.setSelection({ kind: 'element', id: created._id });
            record({ kind: 'create-element', element: created });
          }
        },
        onError: () => notify('error', VIEWER_MESSAGES.elementCreateFailed),
      },
    );
  const createConnection = (source: string, target: string, path: PathSegment[]) =>
    connectionMutations.create.mutate(
      {
        drawing: id,
        name: '',
        description: '',
        relationshipType: DEFAULT_RELATIONSHIP_TYPE,
        source,
        target,
        confirmed: false,
        metadata: { path_data: { path: normalisePath(path) } },
      },
      {
        onSuccess: (created) => {
          context.onCreated();
          if (created?._id) context.setSelection({ kind: 'connection', id: created._id });
        },
        onError: () => notify('error', VIEWER_MESSAGES.connectionCreateFailed),
      },
    );
  /** Creates a deleted element again; the history then knows it by its new id, which is returned. */
  const recreateElement = async (element: DrawingElement): Promise<string> => {
    const { _id: oldId, metadata: _metadata, ...fields } = element;
    const created = await elementMutations.create.mutateAsync(fields);
    history.current = remapElementId(history.current, oldId, created._id);
    return created._id;
  };
  const recreateConnection = async (connection: Connection) => {
    const created = await connectionMutations.create.mutateAsync(toConnectionBody(connection));
    history.current = remapConnectionId(history.current, connection._id, created._id);
  };
  const removeElement = (elementId: string) => {
    if (context.selection?.id === elementId) context.setSelection(null);
    elementMutations.remove.mutateAsync(elementId).catch(() => notify('error', VIEWER_MESSAGES.elementDeleteFailed));
  };
  const removeConnection = (connectionId: string) => {
    if (context.selection?.id === connectionId) context.setSelection(null);
    connectionMutations.remove.mutateAsync(connectionId).catch(() => notify('error', VIEWER_MESSAGES.connectionDeleteFailed));
  };
  /** Undo of an element delete: the element first, then its connections with that end on the new id. */
  const restoreElement = async (element: DrawingElement, connections: Connection[]) => {
    const newId = await recreateElement(element).catch(() => {
      notify('error', VIEWER_MESSAGES.elementCreateFailed);
      return null;
    });
    if (!newId) return;
    const reattach = (end: Connection['source']) => (endId(end) === element._id ? newId : end);
    await Promise.all(
      connections.map((connection) =>
        recreateConnection({ ...connection, source: reattach(connection.source), target: reattach(connection.target) }),
      ),
    ).catch(() => notify('error', VIEWER_MESSAGES.connectionCreateFailed));
  };
  /** Applies one side of a recorded edit through the usual mutations; `forward` is redo. */
  const applyEdit = (command: EditCommand, forward: boolean) => {
    const updateFailed = () => notify('error', VIEWER_MESSAGES.elementUpdateFailed);
    switch (command.kind) {
      case 'update-element':
        elementMutations.update.mutate({ id: command.id, changes: forward ? command.after : command.before }, { onError: updateFailed });
        return;
      case 'move-element':
        elementMutations.update.mutate(
          { id: command.id, changes: { boundingBox: forward ? command.after : command.before } },
          { onError: updateFailed },
        );
        setPaths(command.paths, forward).catch(() => notify('error', VIEWER_MESSAGES.connectionUpdateFailed));
        return;
      case 'create-element':
        if (forward) recreateElement(command.element).catch(() => notify('error', VIEWER_MESSAGES.elementCreateFailed));
        else removeElement(command.element._id);
        return;
      case 'delete-element':
        if (forward) removeElement(command.element._id);
        else void restoreElement(command.element, command.connections);
        return;
      case 'delete-connection':
        if (forward) removeConnection(command.connection._id);
        else recreateConnection(command.connection).catch(() => notify('error', VIEWER_MESSAGES.connectionCreateFailed));
    }
  };
  const undo = () => {
    const step = undoEdit(history.current);
    if (!step) return;
    history.current = step.history;
    applyEdit(step.command, false);
  };
  const redo = () => {
    const step = redoEdit(history.current);
    if (!step) return;
    history.current = step.history;
    applyEdit(step.command, true);
  };
  /** Deletes an element (its connections go with it on the server), undoable. */
  const deleteElement = (element: DrawingElement, quiet = false) => {
    // Taken before the delete: the server removes these with the element, and undo brings them back.
    const connections = connectionsOf(element._id, context.connections);
    if (context.selection?.id === element._id) context.setSelection(null);
    return elementMutations.remove.mutateAsync(element._id).then(
      () => {
        record({ kind: 'delete-element', element, connections });
        if (!quiet) notify('success', VIEWER_MESSAGES.elementDeleted);
      },
      () => notify('error', VIEWER_MESSAGES.elementDeleteFailed),
    );
  };
  const deleteConnection = (connection: Connection) => {
    if (context.selection?.id === connection._id) context.setSelection(null);
    connectionMutations.remove.mutateAsync(connection._id).then(
      () => {
        record({ kind: 'delete-connection', connection });
        notify('success', VIEWER_MESSAGES.connectionDeleted);
      },
      () => notify('error', VIEWER_MESSAGES.connectionDeleteFailed),
    );
  };
  return {
    saveElement,
    changeElement,
    saveConnection,
    moveElement,
    addElement,
    createConnection,
    undo,
    redo,
    deleteElement,
    deleteConnection,
  };
}
