/** A Markdown table, text left-aligned and numbers right-aligned, ready to paste into the README. */
export function markdownTable(header: string[], rows: Array<Array<string | number>>): string {
  const cells = [header, ...rows.map((row) => row.map(String))];
  const widths = header.map((_, column) => Math.max(...cells.map((row) => row[column]!.length)));
  const numeric = header.map((_, column) => rows.every((row) => typeof row[column] === 'number'));
  const line = (row: string[]) =>
    `| ${row.map((cell, column) => (numeric[column] ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join(' | ')} |`;
  const rule = `| ${widths.map((width, column) => (numeric[column] ? `${'-'.repeat(width - 1)}:` : '-'.repeat(width))).join(' | ')} |`;
  return [line(header), rule, ...cells.slice(1).map(line)].join('\n');
}
