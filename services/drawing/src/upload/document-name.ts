import { FILE_KINDS, type FileKind } from './file-kind';

/** Long enough for any real file name; the column is display-only. */
export const DOCUMENT_NAME_MAX_LENGTH = 255;

/**
 * The uploaded file's name made safe to show and to offer as a download name: no folders, no control
 * or bidirectional-override characters, none of `<>:"/\|?*`, trimmed, at most 255 characters (the
 * extension kept). It is never used to build a storage key.
 */
export function sanitizeDocumentName(original: string | undefined, kind: FileKind): string {
  let name = (original ?? '').normalize('NFC');
  // Only the last path segment, whichever separator the client's system uses.
  name = name.split(/[\\/]/).pop() ?? '';
  name = name
    // Line breaks and tabs are spaces that got out of hand.
    .replace(/[\t\n\v\f\r]/g, ' ')
    // Other C0/C1 controls, and the characters that can make text display in another order than it is stored.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/[<>:"|?*]/g, '_')
    .replace(/\s+/g, ' ')
    // Leading dots would make a hidden file (or `..`) of a download; trailing dots and spaces are dropped by Windows.
    .replace(/^[\s.]+|[\s.]+$/g, '');
  if (!name) return `drawing.${FILE_KINDS[kind].extension}`;
  // Counted in characters (code points), so that a cut never splits one.
  const characters = [...name];
  if (characters.length <= DOCUMENT_NAME_MAX_LENGTH) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  const stem = characters.slice(0, characters.length - extension.length);
  return `${stem
    .slice(0, DOCUMENT_NAME_MAX_LENGTH - extension.length)
    .join('')
    .trimEnd()}${extension}`;
}
