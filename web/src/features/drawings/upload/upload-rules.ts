import { MAX_UPLOAD_BYTES, UPLOAD_EXTENSIONS } from '@pid/contracts';

/** Messages of spec §5 "Upload" and §8. */
export const UPLOAD_MESSAGES = {
  type: 'Only PDF, PNG, JPG, JPEG, and TIFF files are allowed',
  size: 'File size should not exceed 10MB',
  dropPdfOnly: 'Only PDF files are allowed currently',
  name: 'Please provide a name for your drawing',
  noFile: 'Please select a file to upload',
  failed: 'Failed to upload drawing. Please try again.',
  processingStarted: 'Drawing uploaded successfully. Processing started.',
} as const;

/** The file picker's `accept`: the extensions of @pid/contracts, then their media types. */
export const UPLOAD_ACCEPT = [
  ...UPLOAD_EXTENSIONS.map((extension) => `.${extension}`),
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/tiff',
].join(',');

function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** The file name minus its extension, the default drawing name. */
export function nameFromFile(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 ? fileName : fileName.slice(0, dot);
}

/** Checks a picked (or dropped, with `dropped`) file; returns the message or null. */
export function validateFile(file: File, dropped = false): string | null {
  const extension = fileExtension(file.name);
  if (dropped && extension !== 'pdf') return UPLOAD_MESSAGES.dropPdfOnly;
  if (!(UPLOAD_EXTENSIONS as readonly string[]).includes(extension)) return UPLOAD_MESSAGES.type;
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_MESSAGES.size;
  return null;
}

/** The submit check: a file and a non-blank name. */
export function validateSubmission(file: File | null, name: string): string | null {
  if (!file) return UPLOAD_MESSAGES.noFile;
  if (!name.trim()) return UPLOAD_MESSAGES.name;
  return validateFile(file);
}

/** "12.3 KB" below a megabyte, else "1.25 MB". */
export function formatFileSize(bytes: number): string {
  return bytes < 1_048_576 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1_048_576).toFixed(2)} MB`;
}
