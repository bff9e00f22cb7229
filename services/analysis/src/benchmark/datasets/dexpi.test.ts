import { describe, expect, it } from 'vitest';
import { dexpiConnections, dexpiSymbols, type DexpiTruth } from './dexpi';

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
});
