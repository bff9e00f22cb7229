import { describe, expect, it } from '@jest/globals';
import { connectionTruth, type NetworkPipe, type NetworkSymbol } from './connection-truth';

const symbol = (id: string, className: string, elementType: NetworkSymbol['elementType'], ...ports: [number, number][]): NetworkSymbol => ({
  id,
  className,
  elementType,
  ports,
});
const pipe = (id: string, style: NetworkPipe['style'], ...polyline: [number, number][]): NetworkPipe => ({ id, style, polyline });

/**
 * A hand-built sheet:  A ─ V ─┬─ B      D (above) ─ crosses the V─T line without a junction ─ E (below)
 *                              └─ C      I ┄┄ CV (controls), I2 ┄┄ A (senses), I ┄┄ I2
 */
const symbols = [
  symbol('A', 'centrifugal_pump', 'equipment', [0, 0], [0, -50]),
  symbol('V', 'gate_valve', 'valve', [100, 0], [120, 0]),
  symbol('B', 'vertical_vessel', 'equipment', [300, 0]),
  symbol('C', 'tank', 'equipment', [200, 100]),
  symbol('D', 'off_page_connector', 'off_page_connector', [150, -100]),
  symbol('E', 'filter', 'equipment', [150, 200]),
  symbol('CV', 'control_valve', 'valve', [400, 300], [440, 300], [420, 280]),
  symbol('I', 'dcs_instrument', 'instrument', [420, 200], [380, 180]),
  symbol('I2', 'field_instrument', 'instrument', [0, -150], [40, -170]),
];
const pipes = [
  pipe('P1', 'solid', [0, 0], [100, 0]),
  pipe('P2', 'solid', [120, 0], [200, 0]),
  pipe('P3', 'solid', [200, 0], [300, 0]),
  pipe('P4', 'solid', [200, 0], [200, 100]),
  // Crosses P2 at (150, 0) mid-way: no end meets another line there.
  pipe('P5', 'solid', [150, -100], [150, 200]),
  pipe('S1', 'dashed', [420, 200], [420, 280]),
  pipe('S2', 'dashed', [0, -150], [0, -50]),
  pipe('S3', 'dashed', [40, -170], [380, -170], [380, 180]),
];

describe('connectionTruth', () => {
  const connections = connectionTruth(symbols, pipes);
  const pairs = new Set(connections.map((c) => [c.sourceId, c.targetId].sort().join('-')));

  it('joins symbols along lines, through a T junction, and not past an inline symbol', () => {
    expect(pairs).toContain('A-V');
    expect(pairs).toContain('B-V');
    expect(pairs).toContain('C-V');
    expect(pairs).toContain('B-C');
    expect(pairs).not.toContain('A-B');
    expect(pairs).not.toContain('A-C');
  });

  it('joins nothing across a plain crossing', () => {
    expect(pairs).toContain('D-E');
    for (const other of ['A', 'V', 'B', 'C']) {
      expect(pairs).not.toContain(['D', other].sort().join('-'));
      expect(pairs).not.toContain(['E', other].sort().join('-'));
    }
  });

  it('types signal lines: controller to control valve controls, instrument to a process symbol senses', () => {
    const find = (a: string, b: string) => connections.find((c) => [c.sourceId, c.targetId].sort().join('-') === [a, b].sort().join('-'));
    expect(find('I', 'CV')).toMatchObject({ sourceId: 'I', targetId: 'CV', relationshipType: 'controls', pipeId: 'S1' });
    expect(find('I2', 'A')).toMatchObject({ sourceId: 'I2', targetId: 'A', relationshipType: 'senses' });
    expect(find('I', 'I2')?.relationshipType).toBe('connects to');
    expect(find('A', 'V')).toMatchObject({ sourceId: 'A', targetId: 'V', relationshipType: 'connects to', pipeId: 'P1' });
  });

  it('reports each pair once', () => {
    expect(connections).toHaveLength(pairs.size);
    expect(connections).toHaveLength(8);
  });
});
