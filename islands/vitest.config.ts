// Vitest runs the sources as esbuild bundles them: React's API is preact/compat.
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: [
      { find: /^react\/jsx-runtime$/, replacement: "preact/jsx-runtime" },
      { find: /^react\/jsx-dev-runtime$/, replacement: "preact/jsx-runtime" },
      { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
      { find: /^react(-dom)?$/, replacement: "preact/compat" },
    ],
  },
  test: {
    // Vitest owns src/**; tests/ (node --test) holds the checks of generated pages.
    include: ["src/**/*.test.{ts,tsx}"],
    environment: "node",
    // zustand's React entry imports "react": run it through the aliases above.
    server: { deps: { inline: ["zustand"] } },
  },
});
