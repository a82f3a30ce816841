import { createContext, useContext } from 'react';
import type { EditorModel, Picture } from '../../../content/api-types';

/** What the editor's own widgets need besides the schema: the site's addresses, files and entries. */
export const ModelContext = createContext<{ model: EditorModel; addPicture: (picture: Picture) => void } | null>(null);

export function useModel() {
  const context = useContext(ModelContext);
  if (!context) throw new Error('The editor form needs ModelContext.');
  return context;
}
