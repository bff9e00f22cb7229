/** The fixed `{ msg }` answers of the graph service; field rules carry their own in `validation/graph-fields.ts`. */
export const MESSAGES = {
  drawingNotFound: 'Drawing not found',
  elementNotFound: 'Element not found',
  connectionNotFound: 'Connection not found',
  /** The drawing service did not answer the ownership check: same wording as the platform's access guard. */
  serviceUnavailable: 'Service temporarily unavailable. Please try again.',
  elementDeleted: 'Element deleted',
  connectionDeleted: 'Connection deleted',
} as const;
