/** Query-key factory of one drawing's viewer data. */
export const viewerKeys = {
  all: ['viewer'] as const,
  drawing: (id: string) => [...viewerKeys.all, 'drawing', id] as const,
  image: (id: string, page?: number) => [...viewerKeys.all, 'image', id, page ?? 1] as const,
  elements: (id: string) => [...viewerKeys.all, 'elements', id] as const,
  connections: (id: string) => [...viewerKeys.all, 'connections', id] as const,
};
