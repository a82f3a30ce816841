import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The Puck app's production build, as its docs set up a React app. */
export default defineConfig({ plugins: [react()], publicDir: false });
