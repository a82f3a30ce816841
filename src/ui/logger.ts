/** The one place src/ writes to the console, so that tests and tools can silence or capture it. */
export const logger = {
  error: (...args: unknown[]): void => {
    console.error(...args);
  },
  warn: (...args: unknown[]): void => {
    console.warn(...args);
  },
};
