/** Bodies of `POST /api/elements` and `POST /api/connections` as the viewer sends them (spec §7). */

export function elementBody(drawing: string, name: string, x = 10, fields: { description?: string; confirmed?: boolean } = {}) {
  return {
    drawing,
    elementType: 'node',
    name,
    description: fields.description ?? '',
    boundingBox: { x, y: 10, width: 36, height: 36 },
    confirmed: fields.confirmed ?? false,
  };
}

export function connectionBody(drawing: string, source: string, target: string, name = '', confirmed = false) {
  return { drawing, name, relationshipType: 'connects to', description: '', source, target, confirmed };
}
