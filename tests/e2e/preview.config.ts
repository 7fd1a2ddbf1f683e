// The e2e's `vite preview`: the app's own config, answering every request uncompressed. Each
// browser context fetches the whole build as its service worker installs (3.5 MB, a few hundred
// contexts a run); gzipping it was most of the server's CPU and Chromium's unzipping more, on two
// cores the tests need. What a page transfers is the bench's to measure (tests/bench), compressed.
import { mergeConfig, type Plugin } from 'vite';
import app from '../../vite.config';

const uncompressed = (): Plugin => ({
  name: 'e2e:uncompressed',
  // Before Vite's compression middleware, which compresses only what the request accepts.
  configurePreviewServer(server) {
    server.middlewares.use((req, _res, next) => {
      delete req.headers['accept-encoding'];
      next();
    });
  },
});

export default mergeConfig(app, { plugins: [uncompressed()] });
