import { describe, expect, it } from '@jest/globals';
import { dexpiConnections, dexpiSymbols, inFlowOrder, nozzleOwners, passedThrough, segmentComponents, type DexpiTruth } from './dexpi';

type TruthSymbol = DexpiTruth['symbols'][number];
/** A piping component (a valve, a flange) of the given class and box. */
const piece = (id: string, componentClass: string, box: [number, number, number, number]): TruthSymbol => ({
  id,
  element: 'PipingComponent',
  component_class: componentClass,
  tag: null,
  bbox_px: box,
});
/** A nozzle with its tag. */
const nozzle = (id: string, tag: string, box: [number, number, number, number]): TruthSymbol => ({
  id,
  element: 'Nozzle',
  component_class: 'Nozzle',
  tag,
  bbox_px: box,
});

const truth: DexpiTruth = {
  raster_size: [2100, 1485],
  symbols: [
    { id: 'Nozzle-1', element: 'Nozzle', component_class: 'Nozzle', tag: 'N1', bbox_px: [0, 0, 10, 10] },
    { id: 'PipeTee-1', element: 'PipingComponent', component_class: 'PipeTee', tag: null, bbox_px: [50, 50, 50, 50] },
    { id: 'OperatedValve-1', element: 'PipingComponent', component_class: 'OperatedValve', tag: null, bbox_px: [100, 0, 112, 6] },
    { id: 'Off-1', element: 'PipeOffPageConnector', component_class: 'FlowOutPipeOffPageConnector', tag: null, bbox_px: [200, 0, 220, 20] },
    { id: 'PipeFlowArrow-1', element: 'PipeFlowArrow', component_class: null, tag: null, bbox_px: [300, 0, 310, 10] },
    { id: 'ColumnSection-1', element: 'Equipment', component_class: 'ColumnSection', tag: null, bbox_px: [0, 100, 100, 300] },
    { id: 'Column-1', element: 'Equipment', component_class: 'ProcessColumn', tag: 'K 2750', bbox_px: [0, 100, 100, 400] },
    { id: 'Pif-1', element: 'ProcessInstrumentationFunction', component_class: 'ProcessInstrumentationFunction', tag: '275003' },
  ],
  texts: [],
  lines: [],
  edges: [
    { from_id: 'Nozzle-1', to_id: 'PipeTee-1', segment_id: 'S1' },
    { from_id: 'PipeTee-1', to_id: 'OperatedValve-1', segment_id: 'S2' },
    { from_id: 'PipeTee-1', to_id: 'Off-1', segment_id: 'S3' },
    { from_id: 'Column-1', to_id: 'Nozzle-1', segment_id: 'S4' },
    { from_id: 'Off-1', to_id: null, segment_id: 'S5' },
  ],
};

describe('dexpi loader', () => {
  it('keeps the symbols a pipeline can box, typed, with their tags', () => {
    expect(dexpiSymbols(truth)).toEqual([
      { id: 'Nozzle-1', elementType: 'fitting', className: 'nozzle', bbox: [0, 0, 10, 10], tag: 'N1' },
      { id: 'OperatedValve-1', elementType: 'valve', className: 'operated_valve', bbox: [100, 0, 112, 6] },
      { id: 'Off-1', elementType: 'off_page_connector', className: 'flow_out_pipe_off_page_connector', bbox: [200, 0, 220, 20] },
      { id: 'Column-1', elementType: 'equipment', className: 'process_column', bbox: [0, 100, 100, 400], tag: 'K 2750' },
    ]);
  });

  it('connects the symbols on either side of a dropped junction and skips open ends', () => {
    const kept = new Set(dexpiSymbols(truth).map((s) => s.id));
    const pairs = dexpiConnections(truth, kept).map((c) => [c.sourceId, c.targetId]);
    expect(pairs).toEqual([
      ['Column-1', 'Nozzle-1'],
      ['Nozzle-1', 'OperatedValve-1'],
      ['Nozzle-1', 'Off-1'],
      ['OperatedValve-1', 'Off-1'],
    ]);
  });

  it('runs each segment through its components and passes through runs of dropped symbols', () => {
    const sheet: DexpiTruth = {
      ...truth,
      symbols: [
        nozzle('Nozzle-8', 'P3', [0, 30, 7, 44]),
        piece('Flange-1', 'BlindFlange', [0, 28, 7, 28]),
        piece('Valve-2', 'OperatedValve', [0, 10, 7, 23]),
        piece('Flange-2', 'BlindFlange', [0, 8, 7, 8]),
        {
          id: 'Pif-2',
          element: 'ProcessInstrumentationFunction',
          component_class: 'ProcessInstrumentationFunction',
          tag: '275003A',
          bbox_px: [-20, -30, 30, 0],
        },
      ],
      edges: [
        { from_id: 'Nozzle-8', to_id: 'Flange-1', segment_id: 'S6' },
        { from_id: 'Flange-1', to_id: 'Flange-2', segment_id: 'S7' },
        { from_id: 'Flange-2', to_id: 'Pif-2', segment_id: 'M1' },
      ],
    };
    const xml = `<PlantModel>
      <PipingNetworkSegment ID="S6"><PipingComponent ID="Flange-1"><Node ID="Flange-1-Node-1"/></PipingComponent>
        <Connection FromID="Nozzle-8" ToID="Flange-1"/></PipingNetworkSegment>
      <PipingNetworkSegment ID="S7"><CenterLine/><PipingComponent ID="Valve-2"/><PipingComponent ID="Flange-2"/>
        <Connection FromID="Flange-1" ToID="Flange-2"/></PipingNetworkSegment>
    </PlantModel>`;
    const components = segmentComponents(xml);
    expect(components).toEqual(
      new Map([
        ['S6', ['Flange-1']],
        ['S7', ['Valve-2', 'Flange-2']],
      ]),
    );
    // A self-closed empty segment takes nothing of the next; single quotes are read too.
    const empty = `<PipingNetworkSegment ID="S5"/><PipingNetworkSegment ID='S6'><PipingComponent ID='Flange-1'/></PipingNetworkSegment>`;
    expect(segmentComponents(empty)).toEqual(
      new Map([
        ['S5', []],
        ['S6', ['Flange-1']],
      ]),
    );
    const kept = new Set(dexpiSymbols(sheet).map((s) => s.id));
    const pairs = (inline: Map<string, string[]>) => dexpiConnections(sheet, kept, inline).map((c) => [c.sourceId, c.targetId]);
    expect(pairs(components)).toEqual([
      ['Nozzle-8', 'Valve-2'],
      ['Valve-2', 'Pif-2'],
    ]);
    // Without the XML the valve is no end, and the two dropped flanges in a row still pass through.
    expect(pairs(new Map())).toEqual([['Nozzle-8', 'Pif-2']]);
    // The flanges seen edge-on are passed through, unscored; the dropped flow arrow is on no segment.
    expect(passedThrough({ ...sheet, symbols: [...sheet.symbols, truth.symbols[4]] }, kept, components)).toEqual([
      [0, 28, 7, 28],
      [0, 8, 7, 8],
    ]);
  });

  it('takes a segment listing its components from the to end round (C01V01) in flow order', () => {
    // The segment lists a plug valve, then the blind flange its connection starts from.
    expect(inFlowOrder(['PlugValve-1', 'BlindFlange-1'], 'BlindFlange-1', null)).toEqual(['BlindFlange-1', 'PlugValve-1']);
    expect(inFlowOrder(['Valve-2', 'Flange-2'], 'Flange-1', 'Flange-2')).toEqual(['Valve-2', 'Flange-2']);
    expect(inFlowOrder(['Flange-2', 'Valve-2'], 'Flange-1', 'Flange-2')).toEqual(['Valve-2', 'Flange-2']);
    expect(inFlowOrder(['A', 'B'], 'Nozzle-1', 'Pif-1')).toEqual(['A', 'B']);
    // Through dexpiConnections: of two valves listed before the flange the segment starts from, the one listed
    // next to it is the one the nozzle (through the flange) reaches.
    const sheet: DexpiTruth = {
      ...truth,
      symbols: [
        nozzle('Nozzle-1', 'N1', [0, 0, 10, 10]),
        piece('Flange-1', 'BlindFlange', [20, 0, 20, 10]),
        piece('Valve-1', 'PlugValve', [30, 0, 42, 6]),
        piece('Valve-2', 'PlugValve', [50, 0, 62, 6]),
      ],
      edges: [
        { from_id: 'Nozzle-1', to_id: 'Flange-1', segment_id: 'S0' },
        { from_id: 'Flange-1', to_id: null, segment_id: 'S1' },
      ],
    };
    const kept = new Set(dexpiSymbols(sheet).map((s) => s.id));
    const listed = new Map([['S1', ['Valve-2', 'Valve-1', 'Flange-1']]]);
    const pairs = dexpiConnections(sheet, kept, listed).map((c) => [c.sourceId, c.targetId].sort());
    expect(pairs).toEqual(
      expect.arrayContaining([
        ['Nozzle-1', 'Valve-1'],
        ['Valve-1', 'Valve-2'],
      ]),
    );
    expect(pairs).toHaveLength(2);
  });

  it('joins a pair once where a run of left-out symbols passes between two symbols already joined', () => {
    const sheet: DexpiTruth = {
      ...truth,
      edges: [
        { from_id: 'Nozzle-1', to_id: 'OperatedValve-1', segment_id: 'S1' },
        { from_id: 'Nozzle-1', to_id: 'PipeTee-1', segment_id: 'S2' },
        { from_id: 'PipeTee-1', to_id: 'OperatedValve-1', segment_id: 'S3' },
      ],
    };
    const kept = new Set(dexpiSymbols(sheet).map((s) => s.id));
    expect(dexpiConnections(sheet, kept).map((c) => [c.sourceId, c.targetId])).toEqual([['Nozzle-1', 'OperatedValve-1']]);
  });

  it('connects each nozzle to the equipment it is written in, the innermost kept one, once', () => {
    const xml = `<PlantModel>
      <Equipment ID="Column-1" ComponentClass="ProcessColumn">
        <Equipment ID="Chamber-1"/>
        <Equipment ID='ColumnSection-1'><Nozzle ID="Nozzle-2"><Node/></Nozzle></Equipment>
        <Nozzle ID="Nozzle-1" ComponentName="NOZZLE_SHAPE"><Node ID="Nozzle-1-Node-1"/></Nozzle>
      </Equipment>
      <ShapeCatalogue><Nozzle ID="Shape-1"/></ShapeCatalogue>
    </PlantModel>`;
    const owners = nozzleOwners(xml);
    expect(owners).toEqual(
      new Map([
        ['Nozzle-2', ['ColumnSection-1', 'Column-1']],
        ['Nozzle-1', ['Column-1']],
        ['Shape-1', []],
      ]),
    );
    const sheet: DexpiTruth = { ...truth, symbols: [...truth.symbols, nozzle('Nozzle-2', 'N2', [0, 300, 10, 310])] };
    const kept = new Set(dexpiSymbols(sheet).map((s) => s.id));
    const pairs = dexpiConnections(sheet, kept, new Map(), owners).map((c) => [c.sourceId, c.targetId]);
    // Column-1 and Nozzle-1 are joined by their segment already; the section is no symbol, so Nozzle-2 is the column's.
    expect(pairs.filter((p) => p.includes('Column-1'))).toEqual([
      ['Column-1', 'Nozzle-1'],
      ['Column-1', 'Nozzle-2'],
    ]);
  });
});
