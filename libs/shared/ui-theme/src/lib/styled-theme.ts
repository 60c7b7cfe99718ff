import type { Theme } from './create-theme';

// Types every styled component's `theme` prop as the derived Theme, so `theme.color.surface.raised` is checked.
declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-interface, @typescript-eslint/no-empty-object-type -- augmentation must be an interface
  export interface DefaultTheme extends Theme {}
}

export {};
