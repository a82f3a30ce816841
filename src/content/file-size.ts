/** A file's weight as a person reads it, the same in the editor's screens and its server's words: "92 KB", "4.1 MB". */
export const fileSize = (bytes: number): string =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
