// The Lingui Vite plugin compiles `locales/<locale>.po` into a module exporting the messages.
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
