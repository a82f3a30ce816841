import type { PersonName } from '../../content/api-types';

/** Where the person's name and e-mail are kept when git has none: asked once, per browser. */
const AUTHOR_KEY = 'page-editor:author';

/** The name and e-mail this browser was given last for publishing; null when none (or not readable). */
export function storedAuthor(): PersonName | null {
  try {
    const value = JSON.parse(localStorage.getItem(AUTHOR_KEY) ?? 'null') as PersonName | null;
    return value && typeof value.name === 'string' && typeof value.email === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** Keeps the name and e-mail a person published under, for the next publish in this browser. */
export function keepAuthor(author: PersonName): void {
  localStorage.setItem(AUTHOR_KEY, JSON.stringify(author));
}
