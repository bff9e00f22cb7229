import { SUBJECTS, type Connection, type DrawingElement, type GraphExportReply, type GraphExportRequest } from '@pid/contracts';
import { parse } from 'csv-parse/sync';
import { answerRequests, HOOK_TIMEOUT_MS } from '@pid/platform/test-kit';
import ExcelJS from 'exceljs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { binaryParser, startDrawingService, uploadDrawing, type DrawingTestService, type TestUser } from '../testing/drawing-test-kit';
import { samplePng } from '@pid/platform/test-kit/samples';

let service: DrawingTestService;
let user: TestUser;
let drawingId: string;
/** What the graph stand-in answers, per drawing; it also records what it was asked. */
const graphs = new Map<string, GraphExportReply>();
const asked: Array<Partial<GraphExportRequest>> = [];
let stopGraph: (() => Promise<void>) | undefined;

async function startGraphStandIn() {
  stopGraph = answerRequests<GraphExportRequest, GraphExportReply>(service.context.nats, {
    subject: SUBJECTS.graphExport,
    queue: 'graph',
    logger: service.context.logger,
    handler: async (requested) => {
      asked.push(requested);
      return graphs.get(requested.drawingId ?? '') ?? { elements: [], connections: [] };
    },
  });
  // Drawing asks through its own NATS client connection: the server must have this subscription first.
  await service.context.nats.flush();
}

/** The fields an element and a connection of the test drawing share, unnamed and unconfirmed. */
function graphItem(id: string) {
  return { _id: id, drawing: drawingId, page: 1, name: '', description: '', confirmed: false };
}

function element(id: string, fields: Partial<DrawingElement>): DrawingElement {
  return { ...graphItem(id), elementType: 'equipment', boundingBox: { x: 0, y: 0, width: 10, height: 10 }, ...fields };
}

function connection(id: string, fields: Partial<Connection>): Connection {
  return { ...graphItem(id), source: '', target: '', relationshipType: 'connects to', metadata: {}, ...fields };
}

beforeAll(async () => {
  service = await startDrawingService({ GRAPH_EXPORT_TIMEOUT_MS: '500' });
  user = service.newUser();
  drawingId = (await uploadDrawing(service, user, await samplePng(), 'plan.png', 'Unit 100'))._id;
  graphs.set(drawingId, {
    elements: [
      element('e1', {
        name: 'P-101',
        description: 'Feed pump, "main"',
        confirmed: true,
        boundingBox: { x: 10, y: 20.5, width: 30, height: 40 },
        metadata: { confidence: 0.93, source: 'analysis' },
      }),
      element('e2', { elementType: 'instrument', name: 'FIC-101', description: '=HYPERLINK("http://evil.example","click")' }),
      element('e3', { elementType: 'instrument', name: '10-PT-205A', description: 'line 1\nline 2' }),
      element('e4', { elementType: 'valve', name: 'V-1, gate', description: '+cmd' }),
      element('e5', { elementType: 'instrument', name: 'Local gauge', description: '@SUM(1+1)' }),
      // No tag: named by its type and a short id.
      element('e6-7b2f', { elementType: 'fitting' }),
      // Not this drawing's: must not leak into its export.
      element('x1', { drawing: 'another-drawing', name: 'FOREIGN' }),
    ],
    connections: [
      connection('c1', {
        source: 'e1',
        target: { _id: 'e2' },
        relationshipType: 'flows to',
        name: '-2+3',
        description: 'a,b',
        confirmed: true,
      }),
      connection('c2', {
        source: 'e2',
        target: 'e3',
        relationshipType: 'custom',
        customRelationshipType: 'signals',
        metadata: { confidence: 0.5 },
      }),
      connection('c3', { source: 'e4', target: 'missing' }),
      connection('c4', { source: 'e6-7b2f', target: 'e1', relationshipType: 'flows to' }),
    ],
  });
  await startGraphStandIn();
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  await stopGraph?.();
  await service?.close();
}, HOOK_TIMEOUT_MS);

function exportCall(id: string, query = '') {
  return request(service.http).get(`/api/drawings/${id}/export${query}`).set(user.auth).buffer(true).parse(binaryParser);
}

/** Reads the file back strictly as RFC 4180 (CRLF rows, quoted fields): a malformed file throws. */
const parseCsv = (text: string): string[][] => parse(text, { record_delimiter: '\r\n' });

const HEADER =
  'Record Type,ID,Type,Name,Description,Confirmed,X,Y,Width,Height,Source ID,Source Name,Target ID,Target Name,Relationship,Confidence';

describe('CSV export', () => {
  it('answers drawing_data_{id}.csv with element and connection rows, quoted and neutralised', async () => {
    const response = await exportCall(drawingId).expect(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="drawing_data_${drawingId}.csv"`);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(asked).toContainEqual({ drawingId, userId: user.id });
    const text = (response.body as Buffer).toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1)).toBe(
      [
        HEADER,
        'element,e1,equipment,P-101,"Feed pump, ""main""",true,10,20.5,30,40,,,,,,0.93',
        `element,e2,instrument,FIC-101,"'=HYPERLINK(""http://evil.example"",""click"")",false,0,0,10,10,,,,,,`,
        'element,e3,instrument,10-PT-205A,"line 1\nline 2",false,0,0,10,10,,,,,,',
        `element,e4,valve,"V-1, gate",'+cmd,false,0,0,10,10,,,,,,`,
        `element,e5,instrument,Local gauge,'@SUM(1+1),false,0,0,10,10,,,,,,`,
        'element,e6-7b2f,fitting,,,false,0,0,10,10,,,,,,',
        `connection,c1,flows to,'-2+3,"a,b",true,,,,,e1,P-101,e2,FIC-101,flows to,`,
        'connection,c2,signals,,,false,,,,,e2,FIC-101,e3,10-PT-205A,signals,0.5',
        'connection,c3,connects to,,,false,,,,,e4,"V-1, gate",missing,,connects to,',
        'connection,c4,flows to,,,false,,,,,e6-7b2f,fitting 7b2f,e1,P-101,flows to,',
        '',
      ].join('\r\n'),
    );
    const rows = parseCsv(text.slice(1));
    expect(rows.every((row) => row.length === 16)).toBe(true);
    expect(rows[1]![4]).toBe('Feed pump, "main"');
    expect(rows[3]![4]).toBe('line 1\nline 2');
    expect(rows.flat().some((cell) => /^[=+\-@\t\r]/.test(cell))).toBe(false);
    expect(text).not.toContain('FOREIGN');
  });

  it('answers the headers only for a drawing that was never analysed, in any status', async () => {
    const fresh = await uploadDrawing(service, user, await samplePng(), 'fresh.png');
    const response = await exportCall(fresh._id).expect(200);
    expect((response.body as Buffer).toString('utf8')).toBe(`\uFEFF${HEADER}\r\n`);
    await service.context.dataSource.query(`UPDATE drawings SET status = 'processing' WHERE id = $1`, [fresh._id]);
    await exportCall(fresh._id, '?format=csv').expect(200);
  });
});

describe('Excel export', () => {
  it('answers a workbook with Elements, Connections and Instruments sheets that exceljs reads back', async () => {
    const response = await exportCall(drawingId, '?format=xlsx').expect(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="drawing_data_${drawingId}.xlsx"`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.body as Parameters<typeof workbook.xlsx.load>[0]);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Elements', 'Connections', 'Instruments']);
    const values = (name: string) =>
      workbook
        .getWorksheet(name)!
        .getSheetValues()
        .slice(1)
        .map((row) => (row as unknown[]).slice(1));

    expect(values('Elements')).toEqual([
      ['ID', 'Type', 'Name', 'Description', 'Confirmed', 'X', 'Y', 'Width', 'Height', 'Confidence'],
      ['e1', 'equipment', 'P-101', 'Feed pump, "main"', true, 10, 20.5, 30, 40, 0.93],
      ['e2', 'instrument', 'FIC-101', '=HYPERLINK("http://evil.example","click")', false, 0, 0, 10, 10],
      ['e3', 'instrument', '10-PT-205A', 'line 1\nline 2', false, 0, 0, 10, 10],
      ['e4', 'valve', 'V-1, gate', '+cmd', false, 0, 0, 10, 10],
      ['e5', 'instrument', 'Local gauge', '@SUM(1+1)', false, 0, 0, 10, 10],
      ['e6-7b2f', 'fitting', undefined, undefined, false, 0, 0, 10, 10],
    ]);
    // Text that looks like a formula is stored as text, not as a formula.
    const formulaLike = workbook.getWorksheet('Elements')!.getCell('D3');
    expect(formulaLike.type).toBe(ExcelJS.ValueType.String);
    expect(formulaLike.formula).toBeUndefined();

    expect(values('Connections')).toEqual([
      ['ID', 'Name', 'Source ID', 'Source Name', 'Target ID', 'Target Name', 'Relationship', 'Description', 'Confirmed', 'Confidence'],
      ['c1', '-2+3', 'e1', 'P-101', 'e2', 'FIC-101', 'flows to', 'a,b', true],
      ['c2', undefined, 'e2', 'FIC-101', 'e3', '10-PT-205A', 'signals', undefined, false, 0.5],
      ['c3', undefined, 'e4', 'V-1, gate', 'missing', undefined, 'connects to', undefined, false],
      ['c4', undefined, 'e6-7b2f', 'fitting 7b2f', 'e1', 'P-101', 'flows to', undefined, false],
    ]);
    expect(values('Instruments')).toEqual([
      ['Element ID', 'Tag', 'ISA Letters', 'Measured Variable', 'Loop', 'Name', 'Description', 'Confirmed'],
      ['e2', 'FIC-101', 'FIC', 'Flow', '101', 'FIC-101', '=HYPERLINK("http://evil.example","click")', false],
      ['e3', '10-PT-205A', 'PT', 'Pressure', '10-205', '10-PT-205A', 'line 1\nline 2', false],
      ['e5', 'Local gauge', undefined, undefined, undefined, 'Local gauge', '@SUM(1+1)', false],
    ]);
  });

  it('answers header rows only for a drawing that was never analysed', async () => {
    const fresh = await uploadDrawing(service, user, await samplePng(), 'fresh.png');
    const response = await exportCall(fresh._id, '?format=XLSX').expect(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.body as Parameters<typeof workbook.xlsx.load>[0]);
    expect(workbook.worksheets.map((sheet) => sheet.rowCount)).toEqual([1, 1, 1]);
  });
});

describe('JSON export and failures', () => {
  it('answers { drawing, elements, connections }', async () => {
    const drawing = await request(service.http).get(`/api/drawings/${drawingId}`).set(user.auth).expect(200);
    const response = await request(service.http).get(`/api/drawings/${drawingId}/export?format=json`).set(user.auth).expect(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const graph = graphs.get(drawingId)!;
    expect(response.body).toEqual({
      drawing: drawing.body,
      elements: graph.elements.filter((item) => item.drawing === drawingId),
      connections: graph.connections,
    });
  });

  it('refuses an unknown format', async () => {
    await exportCall(drawingId, '?format=pdf').expect(400, { msg: 'Unknown export format: use csv, xlsx or json' });
  });

  it('answers 503 when graph does not answer', async () => {
    await stopGraph!();
    try {
      await exportCall(drawingId).expect(503, { msg: 'Drawing data is temporarily unavailable. Please try again.' });
    } finally {
      await startGraphStandIn();
    }
    await exportCall(drawingId).expect(200);
  });
});
