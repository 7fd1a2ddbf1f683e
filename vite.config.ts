import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

export default defineConfig({
  plugins: [
    // Must come before react(): it generates src/routeTree.gen.ts and splits route components.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
    }),
    react(),
  ],
  resolve: {
    alias: { 'styled-system': new URL('./styled-system', import.meta.url).pathname },
  },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
});
