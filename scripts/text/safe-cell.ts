/**
 * A cell a spreadsheet would read as a formula (starting with =, +, -, @, tab or CR) gets
 * a leading apostrophe, as OWASP advises against CSV injection; "+91 98…" included.
 */
export const safeCell = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
