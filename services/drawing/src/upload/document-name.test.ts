import { describe, expect, it } from '@jest/globals';
import { DOCUMENT_NAME_MAX_LENGTH, sanitizeDocumentName } from './document-name';

describe('sanitizeDocumentName', () => {
  it('keeps an ordinary name as it is, non-Latin letters too', () => {
    expect(sanitizeDocumentName('P&ID-100 rev B.pdf', 'pdf')).toBe('P&ID-100 rev B.pdf');
    expect(sanitizeDocumentName('Schéma Übersicht 配管図.png', 'png')).toBe('Schéma Übersicht 配管図.png');
  });

  it.each([
    ['../../etc/passwd.png', 'passwd.png'],
    ['..\\..\\windows\\system32\\plan.tif', 'plan.tif'],
    ['/absolute/path/plan.pdf', 'plan.pdf'],
    ['..', 'drawing.pdf'],
    ['', 'drawing.pdf'],
    [undefined, 'drawing.pdf'],
    ['.hidden.pdf', 'hidden.pdf'],
    ['plan.pdf.  ', 'plan.pdf'],
  ])('strips folders and dots from %j', (original, expected) => {
    expect(sanitizeDocumentName(original, 'pdf')).toBe(expected);
  });

  it('removes control and bidirectional-override characters, and replaces reserved ones', () => {
    expect(sanitizeDocumentName('evil\u202Egnp.pdf', 'pdf')).toBe('evilgnp.pdf');
    expect(sanitizeDocumentName('a\u0000b\r\nc.pdf', 'pdf')).toBe('ab c.pdf');
    expect(sanitizeDocumentName('<script>"x"|y?*.pdf', 'pdf')).toBe('_script__x__y__.pdf');
    expect(sanitizeDocumentName('a   b\tc.pdf', 'pdf')).toBe('a b c.pdf');
  });

  it('shortens a long name to 255 characters, keeping the extension', () => {
    const name = sanitizeDocumentName(`${'é'.repeat(400)}.pdf`, 'pdf');
    expect([...name]).toHaveLength(DOCUMENT_NAME_MAX_LENGTH);
    expect(name.endsWith('é.pdf')).toBe(true);
  });
});
