/**
 * The Puck 0.23 editor that `npm run bench` measures beside ours: built and served in a scratch
 * folder (scripts/bench/prepare-puck.ts), never part of the product. It opens data.json, which the
 * bench writes from our home page (one Puck block for each of ours, with the same words), with
 * the first block selected, its fields shown, as our editor opens a page.
 */
import { Puck } from '@puckeditor/core';
import '@puckeditor/core/puck.css';
import { createRoot } from 'react-dom/client';
import { config } from './blocks.jsx';
import data from './data.json';

createRoot(document.getElementById('puck')).render(
  <Puck config={config} data={data} onPublish={() => undefined} ui={{ itemSelector: { index: 0 } }} headerTitle="Home" />,
);
