import createCache from '@emotion/cache';
import { createRoot } from 'react-dom/client';
import { Providers } from '../runtime/Providers';
import { App } from './App';
import '../theme/fonts.css';

const cache = createCache({ key: 'editor' });
const element = document.getElementById('editor');
if (element)
  createRoot(element).render(
    <Providers cache={cache} globals>
      <App />
    </Providers>,
  );
