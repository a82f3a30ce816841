/** "1 problem", "3 problems": a count with its word. */
export const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;
