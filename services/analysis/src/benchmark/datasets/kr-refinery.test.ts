import { describe, expect, it } from '@jest/globals';
import { krElementType } from './kr-refinery-classes';
import { nameTextRegions, parseDota, parseTextXml, stackInstrumentTags } from './kr-refinery';
import type { TruthText } from '../ground-truth';

describe('kr_refinery loader', () => {
  it('turns rotated DOTA corners into the axis-aligned box around them', () => {
    const objects = parseDota('521 4184 519 4183 555 4151 556 4153 blind_flange 0\n10 20 30 20 30 40 10 40 text 0\n');
    expect(objects).toEqual([
      { className: 'blind_flange', bbox: [519, 4151, 556, 4184] },
      { className: 'text', bbox: [10, 20, 30, 40] },
    ]);
  });

  it('types the classes by name, then equipment from the size list and by name, fittings last', () => {
    const big = new Set(['vertical_drum', 'instrument_box', 'spec_break', 'desuperheater']);
    expect(krElementType('vertical_drum', big)).toBe('equipment');
    expect(krElementType('desuperheater', big)).toBe('equipment');
    expect(krElementType('instrument_box', big)).toBe('instrument');
    expect(krElementType('spec_break', big)).toBe('fitting');
    expect(krElementType('gas_cylinder', big)).toBe('equipment');
    expect(krElementType('cylinder', big)).toBe('valve');
    expect(krElementType('pump_centrifugal_type', big)).toBe('equipment');
    expect(krElementType('gate_valve_with_plug', big)).toBe('valve');
    expect(krElementType('discrete_instruments_field_mounted', big)).toBe('instrument');
    expect(krElementType('chemical_seal_diaphragm', big)).toBe('instrument');
    expect(krElementType('off_page_connector_two_way', big)).toBe('off_page_connector');
    expect(krElementType('utility_conenction', big)).toBe('off_page_connector');
    expect(krElementType('open_drain_connectors', big)).toBe('fitting');
    expect(krElementType('concentric_reducer', big)).toBe('fitting');
  });

  it('reads the partial text XML, turning 90° boxes about their centre, and names the regions under it', () => {
    const xml = `<annotation>
      <symbol_object><type>text</type><class>052-P-013-6"-3CB2S01-N</class><bndbox><xmin>0</xmin><ymin>0</ymin><xmax>100</xmax><ymax>20</ymax></bndbox><degree>0</degree></symbol_object>
      <symbol_object><type>text</type><class>START-UP</class><bndbox><xmin>200</xmin><ymin>200</ymin><xmax>260</xmax><ymax>220</ymax></bndbox><degree>90</degree></symbol_object>
      <symbol_object><type>pipe_symbol</type><class>flanged_nozzle</class><bndbox><xmin>0</xmin><ymin>0</ymin><xmax>9</xmax><ymax>9</ymax></bndbox><degree>0</degree></symbol_object>
    </annotation>`;
    const named = parseTextXml(xml);
    expect(named).toEqual([
      { string: '052-P-013-6"-3CB2S01-N', bbox: [0, 0, 100, 20], role: 'line_number' },
      { string: 'START-UP', bbox: [220, 180, 240, 240], role: 'label' },
    ]);
    const texts = nameTextRegions(
      [
        { string: '', bbox: [1, 0, 101, 20], role: 'label' },
        { string: '', bbox: [500, 500, 600, 520], role: 'label' },
      ],
      named,
    );
    expect(texts.map((t) => t.string)).toEqual(['052-P-013-6"-3CB2S01-N', '', 'START-UP']);
    expect(texts[0].bbox).toEqual([1, 0, 101, 20]);
  });

  it('joins an instrument tag stacked as area, letters and loop into one tag, and nothing else', () => {
    const text = (string: string, x0: number, y0: number, x1: number, y1: number): TruthText => ({
      string,
      bbox: [x0, y0, x1, y1],
      role: 'label',
    });
    const texts = [
      text('052', 4260, 2339, 4315, 2386),
      text('FE', 4266, 2380, 4309, 2428),
      text('004A', 4249, 2421, 4326, 2469),
      text('052', 2263, 4056, 2319, 4104),
      text('PG', 2267, 4098, 2315, 4146),
      text('FC', 4266, 2600, 4309, 2648),
    ];
    expect(stackInstrumentTags(texts).map((t) => [t.string, t.role, t.bbox])).toEqual([
      ['052', 'label', [2263, 4056, 2319, 4104]],
      ['PG', 'label', [2267, 4098, 2315, 4146]],
      ['FC', 'label', [4266, 2600, 4309, 2648]],
      ['052-FE-004A', 'tag', [4249, 2339, 4326, 2469]],
    ]);
  });
});
