declare module 'virtual:catalog-icons' {
  import type { ComponentType } from 'react';
  /** The @ant-design/icons components the catalogue names, by name (see apps/web/vite.config.ts). */
  export const icons: Record<string, ComponentType>;
}
