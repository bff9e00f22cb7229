/**
 * What the drawing API says to people. Wording from the product spec (§5, §8) is copied exactly: the
 * web app shows the server's `msg` as it is.
 */
export const MESSAGES = {
  // Spec §5 (upload validation).
  fileRequired: 'Please select a file to upload',
  nameRequired: 'Please provide a name for your drawing',
  fileTooLarge: 'File size should not exceed 10MB',
  unsupportedType: 'Only PDF, PNG, JPG, JPEG, and TIFF files are allowed',
  // The server's own checks of what it received.
  nameTooLong: 'Drawing name must be at most 200 characters',
  emptyFile: 'The file is empty',
  unreadableFile: 'The file is damaged or incomplete and cannot be read',
  pdfPasswordProtected: 'PDF is password-protected',
  pdfWithoutPages: 'The PDF has no pages',
  pdfWithJavaScript: 'PDFs with JavaScript are not accepted',
  pdfTooManyPages: (maxPages: number) => `The PDF has too many pages: at most ${maxPages} are allowed`,
  imageTooLarge: (megapixels: number) => `The image is too large: at most ${megapixels} megapixels are allowed`,
  oneFileOnly: 'Please upload one file at a time',
  unexpectedFileField: 'Send the drawing file in the "drawing" field',
  malformedUpload: 'The upload was incomplete or malformed. Please try again.',
  tooManyFields: 'The upload has too many form fields',
  // Drawings.
  drawingNotFound: 'Drawing not found',
  drawingDeleted: 'Drawing deleted',
  alreadyProcessing: 'Drawing is already being processed',
  alreadyProcessed: 'Drawing has already been processed',
  processingUnavailable: 'Processing is temporarily unavailable. Please try again.',
  processingStarted: 'Processing started',
  processingComplete: 'Processing complete',
  processingFailed: 'Processing failed',
  processingTimedOut: 'Processing timed out. Please try again.',
  // Files and renditions.
  invalidPage: 'Page must be a whole number from 1',
  pageOutOfRange: (page: number, pageCount: number) => `Page ${page} does not exist: the drawing has ${pageCount} page(s)`,
  renderFailed: 'This page of the drawing could not be rendered',
  storageUnavailable: 'The drawing file is temporarily unavailable. Please try again.',
  // Export.
  unknownExportFormat: 'Unknown export format: use csv, xlsx or json',
  graphUnavailable: 'Drawing data is temporarily unavailable. Please try again.',
} as const;

/** The message of a status when no processing message was recorded. */
export const STATUS_MESSAGES: Record<string, string> = {
  uploaded: 'Uploaded',
  processing: 'Processing',
  completed: 'Processed',
  ready: 'Processed',
  error: 'Error',
  failed: 'Failed',
};
