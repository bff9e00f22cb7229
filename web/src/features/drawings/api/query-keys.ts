/** Query-key factory of the drawing records. */
export const drawingKeys = {
  all: ['drawings'] as const,
  list: () => [...drawingKeys.all, 'list'] as const,
  status: (id: string) => [...drawingKeys.all, 'status', id] as const,
};
