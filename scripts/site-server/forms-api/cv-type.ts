/** The CV formats the application accepts, told apart by their first bytes, never by their name. */
const SIGNATURES: { type: string; extensions: string[]; matches: (head: Buffer) => boolean }[] = [
  { type: 'application/pdf', extensions: ['pdf'], matches: (head) => head.subarray(0, 5).toString('latin1') === '%PDF-' },
  // DOCX is a ZIP container.
  {
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['docx'],
    matches: (head) => head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])),
  },
  // DOC is an OLE2 compound file.
  {
    type: 'application/msword',
    extensions: ['doc'],
    matches: (head) => head.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])),
  },
  { type: 'application/rtf', extensions: ['rtf'], matches: (head) => head.subarray(0, 5).toString('latin1') === '{\\rtf' },
  // Plain text has no signature: it is text when it decodes as UTF-8 and holds no NUL byte.
  {
    type: 'text/plain',
    extensions: ['txt'],
    matches: (head) => !head.includes(0) && !new TextDecoder('utf-8', { fatal: false }).decode(head).includes('\uFFFD'),
  },
];

/** The content type of a CV whose bytes match its extension's format, or undefined. */
export function cvType(fileName: string, content: Buffer): string | undefined {
  const extension = fileName.split('.').pop()?.toLowerCase() ?? '';
  const format = SIGNATURES.find((candidate) => candidate.extensions.includes(extension));
  return format && content.length > 0 && format.matches(content.subarray(0, 4096)) ? format.type : undefined;
}
