/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Overrides the gateway prefix (default DEFAULT_API_PREFIX from @erp/shared). */
  readonly VITE_API_PREFIX?: string;
}
