import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The web app compiles the contracts from source, so it never waits on (or drifts from) their dist build.
const contractsEntry = fileURLToPath(new URL('../services/contracts/src/index.ts', import.meta.url));
const gatewayUrl = 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@pid/contracts': contractsEntry },
  },
  build: {
    // The gateway serves the built app; emptyOutDir must be explicit because the folder lies outside web/.
    outDir: '../gateway/static',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: their own chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/ },
            { name: 'vendor-mui', test: /node_modules[\\/](@mui|@emotion|@popperjs|react-transition-group|stylis)[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': gatewayUrl,
      '/socket.io': { target: gatewayUrl, ws: true },
    },
  },
});
