import { defineConfig, mergeConfig } from "vite";
import config from "../../../vite.config.ts";

/**
 * The app's build with every script under a new name, as after a deployment that changed them:
 * a tab of the build before asks for files this one no longer has. (Not the prerendering's
 * server bundle, which must keep its own names.)
 */
export default defineConfig((env) =>
  env.isSsrBuild
    ? config
    : mergeConfig(config, {
        build: {
          rolldownOptions: {
            output: {
              entryFileNames: "assets/[name]-[hash].next.js",
              chunkFileNames: "assets/[name]-[hash].next.js",
            },
          },
        },
      }),
);
