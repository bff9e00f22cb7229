import { describe, expect, it } from '@jest/globals';
import { csvField, neutralizeFormula, toCsv } from './csv';

describe('CSV fields (RFC 4180)', () => {
  it('leave plain text, numbers and booleans bare', () => {
    expect(toCsv([['pump', 12.5, 0, true, false, null, undefined]])).toBe('pump,12.5,0,true,false,,\r\n');
  });

  it('quote fields with a comma, a quote, CR or LF, doubling quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
  });

  it('end every line with CRLF', () => {
    expect(toCsv([['a'], ['b']])).toBe('a\r\nb\r\n');
  });

  it('writes non-finite numbers as empty fields', () => {
    expect(csvField(Number.NaN)).toBe('');
    expect(csvField(Number.POSITIVE_INFINITY)).toBe('');
  });
});

describe('formula injection', () => {
  it.each(['=1+1', '+41', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd', '=HYPERLINK("http://x")'])('neutralises text starting like %j', (text) => {
    expect(neutralizeFormula(text)).toBe(`'${text}`);
  });

  it('quotes a neutralised field when it needs quoting', () => {
    expect(csvField('=cmd|" /C calc"!A0')).toBe(`"'=cmd|"" /C calc""!A0"`);
    expect(csvField('\rcmd')).toBe(`"'\rcmd"`);
  });

  it('leaves numbers the service writes alone, and text that only contains the characters', () => {
    expect(csvField(-3)).toBe('-3');
    expect(csvField('a=b')).toBe('a=b');
    expect(csvField(' =x')).toBe(' =x');
  });
});
