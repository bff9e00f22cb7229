import { describe, expect, it } from '@jest/globals';
import { parseStencilFile, StencilError } from './stencil-xml';

const shape = (body: string, name = 'Broken Valve') =>
  `<shapes name="test"><shape name="${name}" w="100" h="50" aspect="variable"><connections>` +
  `<constraint name="W" x="0" y="0.5" perimeter="0"/><constraint name="E" x="1" y="0.5" perimeter="0"/></connections>${body}</shape></shapes>`;

describe('stencil XML', () => {
  it('names the file, the shape and the fault of a malformed stencil', () => {
    expect(() => parseStencilFile(shape('<background><path><move x="0"/></path></background>'), 'valves')).toThrow(
      'valves: shape "Broken Valve": <move> needs a number in "y", got nothing',
    );
    expect(() => parseStencilFile(shape('<foreground><spline x="1"/></foreground>'), 'valves')).toThrow(
      /shape "Broken Valve": unknown op <spline>/,
    );
    expect(() => parseStencilFile(shape('<background><path><line x="1" y="1"/></path></background>'), 'valves')).toThrow(
      /shape "Broken Valve": a <path> must start with <move>/,
    );
    expect(() => parseStencilFile('<shapes><shape w="1" h="1"/></shapes>', 'misc')).toThrow(
      'misc: shape #1 (no name): a shape needs a name',
    );
    expect(() => parseStencilFile('<shapes><shape name="A"', 'misc')).toThrow(StencilError);
  });

  it('reads ports, paints and state: a filled body, a dashed stroke, an arc through its far point', () => {
    const [stencil] = parseStencilFile(
      shape(
        '<background><rect x="0" y="0" w="100" h="50"/></background><foreground><fillcolor color="#000000"/><fillstroke/>' +
          '<save/><dashed dashed="1"/><dashpattern pattern="2 2"/><path><move x="0" y="25"/>' +
          '<arc rx="50" ry="25" x-axis-rotation="0" large-arc-flag="0" sweep-flag="1" x="100" y="25"/></path><stroke/><restore/>' +
          '<text str="M" x="50" y="25" align="center" valign="middle"/></foreground>',
      ),
      'valves',
    );
    expect(stencil.ports).toEqual([
      { name: 'W', at: [0, 25] },
      { name: 'E', at: [100, 25] },
    ]);
    const [body, arc, text] = stencil.draws;
    expect(body).toMatchObject({ kind: 'path', fill: true, stroke: true, body: true });
    expect(arc).toMatchObject({ kind: 'path', fill: false, dash: [2, 2] });
    if (arc.kind !== 'path') throw new Error('arc is a path');
    // Sweep 1 with y down goes through the top: (50, 0).
    const top = arc.subpaths[0].points.reduce((best, point) => (point[1] < best[1] ? point : best));
    expect(top[0]).toBeCloseTo(50, 0);
    expect(top[1]).toBeCloseTo(0, 0);
    expect(text).toMatchObject({ kind: 'text', string: 'M', at: [50, 25] });
  });
});
