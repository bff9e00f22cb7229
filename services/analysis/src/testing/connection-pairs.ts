/** Each connection's two ends, in order, the list sorted: connections compared whatever their direction and order. */
export const pairs = (connections: Array<{ source: number; target: number }>) =>
  connections.map((c) => [c.source, c.target].sort()).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
