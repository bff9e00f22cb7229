/**
 * A structural check of Helm's Go templates, with messages by line (helm's own parse runs in
 * chart-render.test.ts): every action is closed,
 * and every if/range/with/define/block is closed by an `end` in the right order.
 * Returns the problems found; an empty list means the template parses.
 */
export function goTemplateProblems(text: string): string[] {
  const problems: string[] = [];
  const stack: Array<{ keyword: string; line: number }> = [];
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  let position = 0;
  for (;;) {
    const open = text.indexOf('{{', position);
    if (open === -1) break;
    const close = text.indexOf('}}', open + 2);
    if (close === -1) {
      problems.push(`line ${lineOf(open)}: "{{" is never closed`);
      break;
    }
    const action = text
      .slice(open + 2, close)
      .replace(/^-\s*/, '')
      .replace(/\s*-$/, '')
      .trim();
    position = close + 2;
    if (action.startsWith('/*')) {
      if (!action.endsWith('*/')) problems.push(`line ${lineOf(open)}: comment is not closed inside its action`);
      continue;
    }
    if (countUnquoted(action, '(') !== countUnquoted(action, ')'))
      problems.push(`line ${lineOf(open)}: unbalanced parentheses in "${action}"`);
    const keyword = /^(if|range|with|define|block|else|end)\b/.exec(action)?.[1];
    if (keyword === 'if' || keyword === 'range' || keyword === 'with' || keyword === 'define' || keyword === 'block') {
      stack.push({ keyword, line: lineOf(open) });
    } else if (keyword === 'else') {
      const top = stack.at(-1);
      if (!top || !['if', 'range', 'with'].includes(top.keyword)) problems.push(`line ${lineOf(open)}: "else" outside if/range/with`);
    } else if (keyword === 'end') {
      if (!stack.pop()) problems.push(`line ${lineOf(open)}: "end" without an open block`);
    }
  }
  const stray = text.replace(/\{\{[\s\S]*?\}\}/g, '').indexOf('}}');
  if (stray !== -1) problems.push(`a "}}" without "{{"`);
  for (const open of stack) problems.push(`line ${open.line}: "${open.keyword}" is never closed with "end"`);
  return problems;
}

function countUnquoted(action: string, character: string): number {
  return action.replace(/"(?:[^"\\]|\\.)*"|`[^`]*`/g, '').split(character).length - 1;
}
