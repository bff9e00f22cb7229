import { describe, expect, it } from '@jest/globals';
import { goTemplateProblems } from './go-template.js';

describe('goTemplateProblems', () => {
  it('accepts nested blocks, else branches, comments and trim markers', () => {
    const template =
      '{{- /* c */}}{{ if .a }}{{ range $k, $v := .b }}{{ $k }}{{ end }}{{ else if .c }}x{{ else }}y{{- end }}{{ include "x" (dict "a" 1) }}';
    expect(goTemplateProblems(template)).toEqual([]);
  });

  it('finds an unclosed block, a stray end, an unclosed action and unbalanced parentheses', () => {
    expect(goTemplateProblems('{{ if .a }}\nx')).toEqual(['line 1: "if" is never closed with "end"']);
    expect(goTemplateProblems('x\n{{ end }}')).toEqual(['line 2: "end" without an open block']);
    expect(goTemplateProblems('{{ .a ')).toEqual(['line 1: "{{" is never closed']);
    expect(goTemplateProblems('{{ include "x" (dict "a" 1 }}')[0]).toMatch(/unbalanced parentheses/);
    expect(goTemplateProblems('{{ else }}')).toEqual(['line 1: "else" outside if/range/with']);
  });
});
