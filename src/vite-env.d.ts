/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** URL of the Convex deployment (cloud, self-hosted, or the local backend). */
  readonly VITE_CONVEX_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
