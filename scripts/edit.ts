/**
 * The visual editor run from its sources through tsx (`node --import tsx scripts/edit.ts`):
 * `npm run edit` runs the same from a bundle (scripts/edit.mjs). See scripts/editor/cli.ts.
 */
import { runEditor } from './editor/cli';

await runEditor();
