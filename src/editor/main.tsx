import createCache from '@emotion/cache';
import { createRoot } from 'react-dom/client';
import { Providers } from '../runtime/Providers';
import { askEarly } from './app/api';
import { App } from './app/App';
import '../theme/fonts.css';

// What the first screen shows is asked for now, while React and the app start.
askEarly('model');
const path = new URLSearchParams(window.location.search).get('path');
if (window.location.pathname === '/edit' && path) askEarly('file', { path });
if (window.location.pathname === '/') askEarly('files');

const cache = createCache({ key: 'editor' });
const element = document.getElementById('editor');
if (element)
  createRoot(element).render(
    <Providers cache={cache} globals>
      <App />
    </Providers>,
  );
