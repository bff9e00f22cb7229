import { describe, expect, it } from 'vitest';
import { krElementType } from './kr-refinery-classes';
import { nameTextRegions, parseDota, parseTextXml } from './kr-refinery';

describe('kr_refinery loader', () => {
  it('turns rotated DOTA corners into the axis-aligned box around them', () => {
    const objects = parseDota('521 4184 519 4183 555 4151 556 4153 blind_flange 0\n10 20 30 20 30 40 10 40 text 0\n');
    expect(objects).toEqual([
      { className: 'blind_flange', bbox: [519, 4151, 556, 4184] },
      { className: 'text', bbox: [10, 20, 30, 40] },
    ]);
  });

  it('types the classes: equipment from the big list first, then by name, fittings last', () => {
    const big = new Set(['vertical_drum', 'instrument_box']);
    expect(krElementType('vertical_drum', big)).toBe('equipment');
    expect(krElementType('instrument_box', big)).toBe('equipment');
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
});
