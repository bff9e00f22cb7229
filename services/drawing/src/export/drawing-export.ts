/**
 * A drawing's data as files: CSV (one sheet of element and connection rows), an Excel workbook and
 * JSON. The columns are documented in the service's README.
 */
import type { Connection, Drawing, DrawingElement, GraphExportReply } from '@pid/contracts';
import { elementDisplayName } from '@pid/contracts';
import { parseIsaTag } from '@pid/platform';
import ExcelJS from 'exceljs';
import { toCsv, type CsvValue } from './csv';

export const EXPORT_FORMATS = ['csv', 'xlsx', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const CSV_COLUMNS = [
  'Record Type',
  'ID',
  'Type',
  'Name',
  'Description',
  'Confirmed',
  'X',
  'Y',
  'Width',
  'Height',
  'Source ID',
  'Source Name',
  'Target ID',
  'Target Name',
  'Relationship',
  'Confidence',
] as const;

export const ELEMENT_COLUMNS = ['ID', 'Type', 'Name', 'Description', 'Confirmed', 'X', 'Y', 'Width', 'Height', 'Confidence'] as const;
export const CONNECTION_COLUMNS = [
  'ID',
  'Name',
  'Source ID',
  'Source Name',
  'Target ID',
  'Target Name',
  'Relationship',
  'Description',
  'Confirmed',
  'Confidence',
] as const;
export const INSTRUMENT_COLUMNS = [
  'Element ID',
  'Tag',
  'ISA Letters',
  'Measured Variable',
  'Loop',
  'Name',
  'Description',
  'Confirmed',
] as const;

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8; header=present',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  json: 'application/json; charset=utf-8',
};

/** `drawing_data_{id}.csv` (spec §7), and the same name for the other formats. */
export function exportFileName(drawingId: string, format: ExportFormat): string {
  return `drawing_data_${drawingId}.${format}`;
}

/** Whatever a value is, text for a cell (graph data is typed, but an export must not fail on one odd item). */
function text(value: unknown): string {
  return typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
}

function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function endpointId(end: Connection['source'] | undefined): string {
  return typeof end === 'object' && end !== null ? text(end._id) : text(end);
}

function relationship(connection: Connection): string {
  if (connection.relationshipType === 'custom') return text(connection.customRelationshipType) || 'custom';
  return text(connection.relationshipType);
}

interface ConnectionRow {
  id: string;
  name: string;
  sourceId: string;
  sourceName: string;
  targetId: string;
  targetName: string;
  relationship: string;
  description: string;
  confirmed: boolean;
  confidence: number | undefined;
}

function connectionRows(graph: GraphExportReply): ConnectionRow[] {
  // An end reads as its tag, or as its type with a short id when it has no name.
  const names = new Map(graph.elements.map((element) => [text(element._id), elementDisplayName({ ...element, _id: text(element._id) })]));
  return graph.connections.map((connection) => {
    const sourceId = endpointId(connection.source);
    const targetId = endpointId(connection.target);
    return {
      id: text(connection._id),
      name: text(connection.name),
      sourceId,
      sourceName: names.get(sourceId) ?? '',
      targetId,
      targetName: names.get(targetId) ?? '',
      relationship: relationship(connection),
      description: text(connection.description),
      confirmed: connection.confirmed === true,
      confidence: num(connection.metadata?.confidence),
    };
  });
}

function box(element: DrawingElement) {
  const b = element.boundingBox ?? ({} as DrawingElement['boundingBox']);
  return [num(b.x), num(b.y), num(b.width), num(b.height)];
}

/** An element's id, type, name, description, confirmation and box: the columns both export formats start with. */
function elementFields(element: DrawingElement) {
  return [
    text(element._id),
    text(element.elementType),
    text(element.name),
    text(element.description),
    element.confirmed === true,
    ...box(element),
  ];
}

export function exportCsv(graph: GraphExportReply): string {
  const rows: CsvValue[][] = [[...CSV_COLUMNS]];
  for (const element of graph.elements) {
    rows.push(['element', ...elementFields(element), '', '', '', '', '', num(element.metadata?.confidence)]);
  }
  for (const c of connectionRows(graph)) {
    rows.push([
      'connection',
      c.id,
      c.relationship,
      c.name,
      c.description,
      c.confirmed,
      undefined,
      undefined,
      undefined,
      undefined,
      c.sourceId,
      c.sourceName,
      c.targetId,
      c.targetName,
      c.relationship,
      c.confidence,
    ]);
  }
  // The byte order mark makes Excel read the file as UTF-8 instead of the system code page.
  return `\uFEFF${toCsv(rows)}`;
}

export async function exportXlsx(drawing: Drawing, graph: GraphExportReply): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'P&ID Digitizer';
  workbook.title = drawing.name;
  workbook.created = new Date(drawing.uploadDate);
  const sheet = (name: string, columns: readonly string[], rows: Array<Array<string | number | boolean | undefined>>) => {
    const worksheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    worksheet.columns = columns.map((header) => ({ header, key: header, width: Math.max(12, header.length + 2) }));
    worksheet.getRow(1).font = { bold: true };
    // Cell values are typed: text is stored as text and never evaluated as a formula.
    for (const row of rows) worksheet.addRow(row.map((value) => (value === undefined || value === '' ? null : value)));
    if (rows.length > 0) worksheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  };
  sheet(
    'Elements',
    ELEMENT_COLUMNS,
    graph.elements.map((element) => [...elementFields(element), num(element.metadata?.confidence)]),
  );
  sheet(
    'Connections',
    CONNECTION_COLUMNS,
    connectionRows(graph).map((c) => [
      c.id,
      c.name,
      c.sourceId,
      c.sourceName,
      c.targetId,
      c.targetName,
      c.relationship,
      c.description,
      c.confirmed,
      c.confidence,
    ]),
  );
  sheet(
    'Instruments',
    INSTRUMENT_COLUMNS,
    graph.elements
      .filter((element) => element.elementType === 'instrument')
      .map((element) => {
        const tag = instrumentTag(text(element.name));
        return [
          text(element._id),
          tag?.tag ?? text(element.name),
          tag?.letters ?? '',
          tag?.measuredVariable ?? '',
          tag?.loop ?? '',
          text(element.name),
          text(element.description),
          element.confirmed === true,
        ];
      }),
  );
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * The Instruments sheet's reading of a typed name, with platform's ISA-5.1 parser taken as written (no OCR
 * fixes): the measured variable capitalised (`Flow`, `User's choice`), the loop with its area and without
 * the instrument's suffix letters (`10-205` for `10-LIC-205A`).
 */
export function instrumentTag(name: string): { tag: string; letters: string; measuredVariable: string; loop: string } | undefined {
  const parsed = parseIsaTag(name, { exact: true });
  if (!parsed) return undefined;
  const meaning = parsed.measuredVariable.meaning;
  const loop = [parsed.area, parsed.loop.replace(/[A-Z]+$/, '')].filter(Boolean).join('-');
  return { tag: parsed.tag, letters: parsed.letters, measuredVariable: meaning.charAt(0).toUpperCase() + meaning.slice(1), loop };
}

export function exportJson(
  drawing: Drawing,
  graph: GraphExportReply,
): { drawing: Drawing; elements: DrawingElement[]; connections: Connection[] } {
  return { drawing, elements: graph.elements, connections: graph.connections };
}
