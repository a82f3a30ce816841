/**
 * The visual editor run from its sources through tsx (`node --import tsx scripts/edit.ts`):
 * `npm run edit` runs the same from a bundle (scripts/edit.mjs). See scripts/editor/run-editor.ts.
 */
import { runEditor } from './editor/run-editor';

await runEditor();
